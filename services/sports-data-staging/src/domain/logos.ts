import { createHash } from 'node:crypto';
import { teamLogoPath, type Team } from '@powerpool/contracts';
import { DomainError } from '@powerpool/service-kit';
import type { StoredLogo } from '../store/sports.store.js';
import type { SportsContext } from './context.js';
import { errorMessage } from './errors.js';

/** The team has no stored logo, or none with the hash asked for (404 `logo_not_found`). */
export class TeamLogoNotFoundError extends DomainError {
  constructor(teamEspnId: string) {
    super('logo_not_found', `No logo is stored for team ${teamEspnId}`);
  }
}

/** The content hash that versions a logo's URL (hex, 80 bits of SHA-256). */
export const logoHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 20);

export interface FetchedLogos {
  /** The teams with `logoUrl` on our own origin (or null when ESPN names no logo). */
  teams: Team[];
  /** The logos fetched, to store with the staged teams. */
  logos: Array<StoredLogo & { sourceUrl: string }>;
  failed: Array<{ team: Team; reason: string }>;
}

/**
 * Fetch every team's logo ONCE from the provider's image host (the ESPN client bounds how many
 * at a time and how long each may take), size it as we serve it (`ctx.sizeLogo`: a PNG of
 * TEAM_LOGO_SERVED_PX, twice the largest shown) and point each team's `logoUrl` at our own origin:
 * `/api/teams/{id}/logo?v={hash}`. A logo that cannot be fetched (offline, 404, timeout, not an
 * allowed image) never fails the import: it is logged, and the team keeps the logo stored at an
 * earlier import if there is one, else gets the unversioned path, which answers 404 until a logo
 * is stored (the SPA then shows the team's coloured circle). So does one that does not decode as
 * an image when it is sized.
 */
export async function fetchTeamLogos(ctx: SportsContext, teams: Team[]): Promise<FetchedLogos> {
  const logos: FetchedLogos['logos'] = [];
  const failed: FetchedLogos['failed'] = [];
  // Every image is fetched first, then sized one at a time: resizing is CPU work that, done among
  // the fetches, would hold up their answers past the per-image timeout on a busy machine.
  const fetched = await Promise.all(
    teams.map(async (team) => {
      if (!team.logoUrl) return { team };
      try {
        return { team, image: await ctx.espn.logo(team.logoUrl) };
      } catch (err) {
        return { team, err };
      }
    }),
  );
  const out: Team[] = [];
  for (const { team, image, err } of fetched) {
    const providerUrl = team.logoUrl;
    if (!providerUrl) {
      out.push(team);
      continue;
    }
    try {
      if (!image) throw err;
      const sized = await ctx.sizeLogo(image);
      const hash = logoHash(sized.bytes);
      logos.push({ espnId: team.espnId, hash, contentType: sized.contentType, bytes: sized.bytes, sourceUrl: providerUrl });
      out.push({ ...team, logoUrl: teamLogoPath(team.espnId, hash) });
    } catch (error) {
      const reason = errorMessage(error);
      ctx.logger.warn(
        { err: error, team: team.abbreviation, logoUrl: providerUrl },
        'team logo could not be fetched; the team keeps an earlier logo or shows its coloured circle',
      );
      failed.push({ team, reason });
      const earlier = await ctx.uow.read((store) => store.teamLogo(team.espnId));
      out.push({ ...team, logoUrl: teamLogoPath(team.espnId, earlier?.hash) });
    }
  }
  return { teams: out, logos, failed };
}

/** The stored logo a request names (`hash` absent: the newest); TeamLogoNotFoundError when none. */
export async function teamLogo(ctx: SportsContext, teamEspnId: string, hash: string | undefined): Promise<StoredLogo> {
  const logo = await ctx.uow.read((store) => store.teamLogo(teamEspnId, hash));
  if (!logo) throw new TeamLogoNotFoundError(teamEspnId);
  return logo;
}
