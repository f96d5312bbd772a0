import type { WeekTeam } from '@powerpool/contracts';
import { TeamLogo } from '@/components/team-logo';
import { cn } from '@/utils/cn';

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
