import type { WeekTeam } from '@powerpool/contracts';
import { useState } from 'react';
import { cn } from '../../../utils/cn';
import { teamColor } from '../lib/games';

/** A team's logo, or its abbreviation on its colour when there is no logo (or it fails to load). */
export function TeamLogo({ team, className }: { team: WeekTeam; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (team.logoUrl && !failed) {
    return (
      <img
        src={team.logoUrl}
        alt=""
        width={28}
        height={28}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className={cn('size-7 shrink-0 object-contain', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-[0.6rem] font-bold text-white', className)}
      style={{ backgroundColor: teamColor(team.color) }}
    >
      {team.abbreviation.slice(0, 3)}
    </span>
  );
}

function TeamName({ team }: { team: WeekTeam }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <TeamLogo team={team} />
      <span className="font-semibold" title={team.name}>
        {team.abbreviation}
      </span>
    </span>
  );
}

/** "AWAY @ HOME" with logos (or the abbreviation on the team's colour), then the full names. */
export function Matchup({ away, home, className }: { away: WeekTeam; home: WeekTeam; className?: string }) {
  return (
    <div className={cn('grid gap-0.5', className)}>
      <div className="flex items-center gap-2 whitespace-nowrap">
        <TeamName team={away} />
        <span className="text-muted-foreground">@</span>
        <TeamName team={home} />
      </div>
      <p className="text-xs text-muted-foreground">
        {away.name} at {home.name}
      </p>
    </div>
  );
}
