import { PICK_MESSAGES } from '@powerpool/contracts';
import type { LiveLeaderboard } from '@powerpool/contracts';
import { memo } from 'react';
import type { LiveStreamState } from '@/lib/live-stream';
import { showImpactGames } from '@/features/live-leaderboard/lib/impact';
import { GameResultsList } from './game-results-list';
import { ImpactGames } from './impact-games';
import { LiveStatusBar } from './live-status-bar';
import { LiveTable } from './live-table';
import { OverridesNotice } from './overrides-notice';

/*
 * The table and the games list render again only when their part of the board changed: a stream
 * update keeps the objects of the parts it did not change (`boardToShow`, the query's structural
 * sharing), and a game clock's tick changes the games, not the standings (docs/screens.md#live-leaderboard).
 */
const Table = memo(LiveTable);
const Games = memo(GameResultsList);

export interface LiveBoardViewProps {
  data: LiveLeaderboard;
  weekNumber: number;
  viewerId: string | undefined;
  /** A later reload failed: the last good board stays, with a note. */
  refetchFailed: boolean;
  updatedAt: number;
  fetching: boolean;
  /** The live stream's state (null: polling only). */
  streamState?: LiveStreamState | null;
  /** A fixed height of the table in px (the demo's 600). */
  tableHeight?: number;
  /** The status bar's words on how the board updates itself while not pushed. */
  pollingText?: string;
}

/**
 * The body of a live leaderboard (docs/screens.md#live-leaderboard): the live status bar while games are in
 * progress, the message, overrides, then the standings first (what a player opens the page for:
 * at the top of a phone and, the whole width wide, every column of a 1280 px desktop without a
 * sideways scroll), the Impact Games and the game results below them.
 * The live page and the demo both show it.
 */
export function LiveBoardView({
  data,
  weekNumber,
  viewerId,
  refetchFailed,
  updatedAt,
  fetching,
  streamState = null,
  tableHeight,
  pollingText,
}: LiveBoardViewProps) {
  const { metadata } = data;
  const live = metadata.currentState === 'GAMES_IN_PROGRESS' && metadata.gamesInProgress;
  // The game object itself (kept while unchanged: the table renders again only when it moves).
  const tiebreakerGame = metadata.tiebreakerGameId === undefined ? undefined : data.gamesCentric.find((g) => g.gameId === metadata.tiebreakerGameId);
  return (
    <div className="grid gap-6">
      {refetchFailed ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-2 text-sm" data-testid="live-inline-error">
          <span className="font-semibold text-destructive">{PICK_MESSAGES.liveInlineErrorTitle}:</span> {PICK_MESSAGES.liveInlineError}
        </p>
      ) : null}
      {live ? (
        <LiveStatusBar
          games={data.gamesCentric}
          updatedAt={updatedAt}
          fetching={fetching}
          streamState={streamState}
          {...(pollingText === undefined ? {} : { pollingText })}
        />
      ) : null}
      {data.message ? <p className="text-sm text-muted-foreground">{data.message}</p> : null}
      <OverridesNotice overrides={data.overrides} />
      <Table
        standings={data.standings}
        weekNumber={weekNumber}
        viewerId={viewerId}
        tiebreakerGame={tiebreakerGame}
        {...(tableHeight === undefined ? {} : { height: tableHeight })}
      />
      {showImpactGames(metadata.accessLevel, data.impactGames) ? <ImpactGames games={data.impactGames} liveGames={data.gamesCentric} /> : null}
      <Games games={data.gamesCentric} consensus={data.consensus} />
    </div>
  );
}
