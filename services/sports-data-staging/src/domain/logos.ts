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
 * at a time and how long each may take) and point each team's `logoUrl` at our own origin:
 * `/api/teams/{id}/logo?v={hash}`. A logo that cannot be fetched (offline, 404, timeout, not an
 * allowed image) never fails the import: it is logged, and the team keeps the logo stored at an
 * earlier import if there is one, else gets the unversioned path, which answers 404 until a logo
 * is stored (the SPA then shows the team's coloured circle).
 */
export async function fetchTeamLogos(ctx: SportsContext, teams: Team[]): Promise<FetchedLogos> {
  const logos: FetchedLogos['logos'] = [];
  const failed: FetchedLogos['failed'] = [];
  const out = await Promise.all(
    teams.map(async (team): Promise<Team> => {
      const providerUrl = team.logoUrl;
      if (!providerUrl) return team;
      try {
        const image = await ctx.espn.logo(providerUrl);
        const hash = logoHash(image.bytes);
        logos.push({ espnId: team.espnId, hash, contentType: image.contentType, bytes: image.bytes, sourceUrl: providerUrl });
        return { ...team, logoUrl: teamLogoPath(team.espnId, hash) };
      } catch (err) {
        const reason = errorMessage(err);
        ctx.logger.warn(
          { err, team: team.abbreviation, logoUrl: providerUrl },
          'team logo could not be fetched; the team keeps an earlier logo or shows its coloured circle',
        );
        failed.push({ team, reason });
        const earlier = await ctx.uow.read((store) => store.teamLogo(team.espnId));
        return { ...team, logoUrl: teamLogoPath(team.espnId, earlier?.hash) };
      }
    }),
  );
  return { teams: out, logos, failed };
}

/** The stored logo a request names (`hash` absent: the newest); TeamLogoNotFoundError when none. */
export async function teamLogo(ctx: SportsContext, teamEspnId: string, hash: string | undefined): Promise<StoredLogo> {
  const logo = await ctx.uow.read((store) => store.teamLogo(teamEspnId, hash));
  if (!logo) throw new TeamLogoNotFoundError(teamEspnId);
  return logo;
}
