import type { GameConsensus, LiveGame } from '@powerpool/contracts';
import { MapPinned } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { BadgeVariant } from '@/components/ui/badge';
import { TeamLogo } from '@/components/team-logo';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatKickoff } from '@/lib/dates';
import { spreadReading } from '@/lib/spreads';
import { cn } from '@/utils/cn';
import { liveGameStatus, venueText } from '@/features/live-leaderboard/lib/games';
import type { LiveGameLabel } from '@/features/live-leaderboard/lib/games';
import { PickConsensus } from './pick-consensus';

const STATUS_VARIANTS: Record<LiveGameLabel, BadgeVariant> = {
  Scheduled: 'muted',
  Live: 'info',
  Final: 'success',
  Postponed: 'warning',
  Cancelled: 'destructive',
  Void: 'outline',
};

/** The week's games below the standings (docs/screens.md#live-leaderboard): status, scores, spread, venue and how the pool picked each. */
export function GameResultsList({ games, consensus }: { games: readonly LiveGame[]; consensus: Readonly<Record<string, GameConsensus>> }) {
  return (
    <Card>
      <CardHeader className="max-sm:p-4">
        <CardTitle className="text-lg">Game Results</CardTitle>
      </CardHeader>
      <CardContent className="max-sm:px-4 max-sm:pb-4">
        {games.length === 0 ? (
          <p className="text-sm text-muted-foreground">No games published for this week.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-label="Game results">
            {games.map((game) => (
              <GameRow key={game.gameId} game={game} consensus={consensus[game.gameId]} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function GameRow({ game, consensus }: { game: LiveGame; consensus: GameConsensus | undefined }) {
  const status = liveGameStatus(game);
  const venue = venueText(game.venue);
  const hasScore = game.homeScore !== null && game.awayScore !== null;
  const leader = hasScore ? Math.sign(game.homeScore! - game.awayScore!) : 0;
  return (
    <li className="grid content-start gap-2 rounded-lg border p-3 text-sm" data-testid="live-game" data-game-id={game.gameId}>
      <div className="flex items-center justify-between gap-2">
        <span className="inline-flex items-center gap-1.5">
          <Badge variant={STATUS_VARIANTS[status.label]} data-testid="live-game-status">
            {status.label === 'Live' ? <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" /> : null}
            {status.label}
          </Badge>
          {status.clock ? (
            <span className="text-xs font-medium text-muted-foreground tabular-nums" data-testid="live-game-clock">
              {status.clock}
            </span>
          ) : null}
        </span>
        {status.label === 'Scheduled' ? <span className="text-xs text-muted-foreground">{formatKickoff(game.gameTime)}</span> : null}
      </div>
      <div className="grid gap-1">
        <TeamLine abbr={game.awayTeamAbbr} name={game.awayTeam} logo={game.awayTeamLogo} score={game.awayScore} leading={leader < 0} side="away" />
        <TeamLine abbr={game.homeTeamAbbr} name={game.homeTeam} logo={game.homeTeamLogo} score={game.homeScore} leading={leader > 0} side="home" />
      </div>
      <p className="text-xs text-muted-foreground" data-testid="live-game-spread">
        Spread: {spreadReading(game.spread, game.homeTeamAbbr, game.awayTeamAbbr)}
      </p>
      {consensus ? <PickConsensus game={game} consensus={consensus} /> : null}
      {venue ? (
        <p className="flex items-start gap-1 text-xs text-muted-foreground" data-testid="live-game-venue">
          <MapPinned className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
          {venue}
        </p>
      ) : null}
    </li>
  );
}

function TeamLine({
  abbr,
  name,
  logo,
  score,
  leading,
  side,
}: {
  abbr: string;
  name: string;
  logo: string | null;
  score: number | null;
  leading: boolean;
  side: 'away' | 'home';
}) {
  const home = side === 'home';
  return (
    <div className="flex items-center justify-between gap-2">
      <span className="inline-flex min-w-0 items-center gap-2">
        <TeamLogo team={{ abbreviation: abbr, logoUrl: logo }} className="size-5 text-[0.45rem]" />
        <span className="truncate" title={name}>
          <span className="font-semibold">{abbr}</span>
          {home ? <span className="text-xs text-muted-foreground"> (home)</span> : null}
        </span>
      </span>
      <span className={cn('tabular-nums', leading ? 'font-bold' : 'text-muted-foreground')} data-testid={`live-game-${side}-score`}>
        {score ?? '–'}
      </span>
    </div>
  );
}
