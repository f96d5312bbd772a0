import { consensusSidesOf } from '@powerpool/contracts';
import type { ConsensusSide, GameConsensus, LiveGame } from '@powerpool/contracts';
import { cn } from '@/utils/cn';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** One side's counts in words: its picks, how many of them are power picks, and its confidence points (each only when any, the picks always). */
function sideCountsText(side: ConsensusSide): string {
  return [
    plural(side.picks, 'pick', 'picks'),
    ...(side.powerPicks > 0 ? [`${side.powerPicks} power`] : []),
    ...(side.points > 0 ? [plural(side.points, 'pt', 'pts')] : []),
  ].join(' · ');
}

function SideCounts({ side, className, testId }: { side: ConsensusSide; className?: string; testId: string }) {
  return (
    <span className={cn('text-muted-foreground tabular-nums', className)} data-testid={testId}>
      {sideCountsText(side)}
    </span>
  );
}

/**
 * How the pool picked a game (docs/game.md#pick-consensus), under its score on the live board:
 * each side's share of the game's picks (confidence and power picks alike) as a thin split bar
 * with the percentages written beside it, then each side's picks in words, with how many of them
 * are power picks and the confidence points placed (the bar is decoration: the text says it all).
 * A game nobody picked says so.
 */
export function PickConsensus({ game, consensus }: { game: LiveGame; consensus: GameConsensus }) {
  const { picks, home, away } = consensusSidesOf(consensus);
  return (
    <div className="grid gap-1 text-xs" data-testid="live-game-consensus" role="group" aria-label={`Pool picks: ${game.awayTeamAbbr} at ${game.homeTeamAbbr}`}>
      <p className="font-medium text-muted-foreground">Pool picks</p>
      {picks === 0 ? (
        <p className="text-muted-foreground" data-testid="consensus-none">
          Nobody picked this game
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-x-3 gap-y-1">
          <span className="font-semibold tabular-nums" data-testid="consensus-away-share">
            {game.awayTeamAbbr} {away.percent}%
          </span>
          <span className="text-right font-semibold tabular-nums" data-testid="consensus-home-share">
            {home.percent}% {game.homeTeamAbbr}
          </span>
          <div className="col-span-2 flex h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <span className="h-full bg-primary" style={{ width: `${away.percent}%` }} />
            <span className="h-full bg-primary/40" style={{ width: `${home.percent}%` }} />
          </div>
          <SideCounts side={away} testId="consensus-away-counts" />
          <SideCounts side={home} className="text-right" testId="consensus-home-counts" />
        </div>
      )}
    </div>
  );
}
