import * as Collapsible from '@/components/ui/collapsible';
import { pointsText } from '@powerpool/contracts';
import type { ImpactGame, LiveGame } from '@powerpool/contracts';
import { ChevronDown, Flame } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatKickoff } from '@/lib/dates';
import { cn } from '@/utils/cn';
import { liveGameStatus } from '@/features/live-leaderboard/lib/games';
import { impactCardPlayers, morePlayersText, topImpactGames } from '@/features/live-leaderboard/lib/impact';

/**
 * Impact Games (docs/game.md#impact-games): the top 3 games by points at stake, open until closed.
 * A card of a game being played shows its score and clock (from the board's games, `liveGames`,
 * which the stream keeps current), one not started its kickoff.
 */
export function ImpactGames({ games, liveGames }: { games: readonly ImpactGame[]; liveGames: readonly LiveGame[] }) {
  const [open, setOpen] = useState(true);
  const top = topImpactGames(games);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl border bg-card" data-testid="impact-games">
      <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <Flame className="size-4 shrink-0 text-amber-500" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">Impact Games</span>
          <span className="block text-sm text-muted-foreground">The games with the most points at stake</span>
        </span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </Collapsible.Trigger>
      <Collapsible.Content className="px-4 pb-4">
        {top.length === 0 ? (
          <p className="text-sm text-muted-foreground">No impact games right now.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-3">
            {top.map((game) => (
              <ImpactCard key={game.gameId} game={game} live={liveGames.find((g) => g.gameId === game.gameId)} />
            ))}
          </ul>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function ImpactCard({ game, live }: { game: ImpactGame; live: LiveGame | undefined }) {
  const { shown, more } = impactCardPlayers(game.pickDetails.players);
  const { threePtPicks, twoPtPicks, onePtPicks, powerPicks } = game.pickDetails;
  return (
    <li className="grid content-start gap-3 rounded-lg border p-3 text-sm" data-testid="impact-card" data-game-id={game.gameId}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            {game.awayTeamAbbr} @ {game.homeTeamAbbr}
          </p>
          <ImpactGameState game={game} live={live} />
        </div>
        <Badge variant="warning" className="shrink-0">
          {pointsText(game.totalImpactPoints)} at stake
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        3pt: {threePtPicks} · 2pt: {twoPtPicks} · 1pt: {onePtPicks} · Power: {powerPicks}
      </p>
      {shown.length > 0 ? (
        <ul className="grid gap-1">
          {shown.map((p) => (
            <li key={p.userId} className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate">
                <span className="text-xs text-muted-foreground tabular-nums">#{p.seasonRank}</span> {p.displayName}
              </span>
              <span className="shrink-0 text-xs font-medium">
                {p.selectedTeamAbbr ?? '?'} {p.isPowerPick ? <Badge variant="info">Power</Badge> : `${p.confidenceRank}pt`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? <p className="text-xs text-muted-foreground">{morePlayersText(more)}</p> : null}
    </li>
  );
}

/**
 * Where an impact game stands: being played, its score and the clock ("Q3 · 7:34", or the provider's words:
 * "Halftime"); postponed, that; not started (or the board has not got it), its kickoff.
 */
function ImpactGameState({ game, live }: { game: ImpactGame; live: LiveGame | undefined }) {
  const status = live ? liveGameStatus(live) : null;
  if (live && status?.label === 'Live') {
    return (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs" data-testid="impact-game-live">
        <span className="font-semibold tabular-nums" data-testid="impact-game-score">
          {live.awayTeamAbbr} {live.awayScore ?? 0} · {live.homeTeamAbbr} {live.homeScore ?? 0}
        </span>
        <Badge variant="info">
          <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
          Live
        </Badge>
        {status.clock ? (
          <span className="font-medium text-muted-foreground tabular-nums" data-testid="impact-game-clock">
            {status.clock}
          </span>
        ) : null}
      </p>
    );
  }
  if (status && status.label !== 'Scheduled') return <p className="text-xs text-muted-foreground">{status.label}</p>;
  return (
    <p className="text-xs text-muted-foreground" data-testid="impact-game-kickoff">
      {formatKickoff(game.gameTime)}
    </p>
  );
}
