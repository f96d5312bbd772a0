import type { WeekTeam } from '@powerpool/contracts';
import { useState } from 'react';
import { teamColor } from '../lib/teams';
import { cn } from '../utils/cn';

/** A team's logo, or its abbreviation on its colour when there is no logo (or it fails to load). */
export function TeamLogo({ team, className }: { team: Pick<WeekTeam, 'abbreviation' | 'logoUrl' | 'color'>; className?: string }) {
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
  const background = teamColor(team.color);
  return (
    <span
      aria-hidden="true"
      // Without a team colour the circle stays muted: white letters would not read on it.
      className={cn('flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-[0.6rem] font-bold', background ? 'text-white' : 'text-foreground', className)}
      style={{ backgroundColor: background }}
    >
      {team.abbreviation.slice(0, 3)}
    </span>
  );
}
