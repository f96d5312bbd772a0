import { useEffect, useState } from 'react';
import { TEAM_LOGO_SERVED_PX } from '@powerpool/contracts';
import { readableTextOn, teamColor } from '@/lib/teams';
import { cn } from '@/utils/cn';

/** What a team logo needs: every team, pick and game carries at least these (colour when known). */
export interface TeamLogoTeam {
  abbreviation: string | null;
  logoUrl: string | null;
  /** The team's 6-digit hex colour; absent or null: a neutral colour. */
  color?: string | null;
}

/** The circle's colour when the team's is unknown (the live board's picks and games carry none). */
export const NEUTRAL_TEAM_COLOR = '#64748b';

/**
 * A team's logo: the image once it has loaded; until then, and when there is no URL or the image
 * fails (the image host unreachable, blocked or slow), the product's fallback: a circle in the team's
 * colour with its abbreviation, in black or white, whichever reads better on it. The one way a
 * team logo is shown (Make Picks, Manage Weeks, the live board, the weekly breakdowns); the URL may
 * be on any host the Content-Security-Policy's img-src admits ('self' included).
 */
export function TeamLogo({ team, className }: { team: TeamLogoTeam; className?: string }) {
  const url = team.logoUrl || null;
  const [state, setState] = useState<{ url: string | null; status: 'loading' | 'loaded' | 'failed' }>({ url, status: url ? 'loading' : 'failed' });
  // A new URL starts over (a pick changed team, a board refreshed).
  const status = state.url === url ? state.status : url ? 'loading' : 'failed';
  useEffect(() => {
    if (state.url !== url) setState({ url, status: url ? 'loading' : 'failed' });
  }, [url, state.url]);

  const loaded = status === 'loaded';
  const background = teamColor(team.color ?? null) ?? NEUTRAL_TEAM_COLOR;
  const abbreviation = (team.abbreviation ?? '?').slice(0, 3);
  return (
    <span
      aria-hidden="true"
      data-testid="team-logo"
      data-state={loaded ? 'image' : 'fallback'}
      className={cn(
        'relative inline-flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-full text-[0.6rem] leading-none font-bold',
        className,
      )}
      style={loaded ? undefined : { backgroundColor: background, color: readableTextOn(background) }}
    >
      {loaded ? null : abbreviation}
      {url && status !== 'failed' ? (
        <img
          src={url}
          alt=""
          // The served size (TEAM_LOGO_SERVED_PX, twice the largest shown): the box is sized by CSS
          // before the image arrives, and the attributes give it its square shape all the same.
          width={TEAM_LOGO_SERVED_PX}
          height={TEAM_LOGO_SERVED_PX}
          decoding="async"
          onLoad={() => setState({ url, status: 'loaded' })}
          onError={() => setState({ url, status: 'failed' })}
          ref={(img) => {
            // Already in the cache: loaded before React listened.
            if (img?.complete && img.naturalWidth > 0 && status === 'loading') setState({ url, status: 'loaded' });
          }}
          className={cn('absolute inset-0 size-full object-contain', loaded ? '' : 'opacity-0')}
        />
      ) : null}
    </span>
  );
}
