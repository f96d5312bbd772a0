import { CONFIDENCE_RANKS, PICK_MESSAGES } from '@powerpool/contracts';
import type { ConfidenceRank, WeekTeam } from '@powerpool/contracts';
import { Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { TeamLogo } from '@/components/team-logo';
import { gameStatusText } from '@/lib/live-games';
import type { LivePublishedGame } from '@/lib/live-games';
import { formatKickoff } from '@/lib/dates';
import { cn } from '@/utils/cn';
import type { ControlState, GameControls, GameSelection } from '@/features/picks/lib/edit-rules';
import { favoriteTag, pickSpreadOf } from '@/features/picks/lib/summary';
import { POWER_CLASSES, RANK_CLASSES } from './rank-styles';

export interface GameCardProps {
  /** With its pushed status, clock and scores while games are on. */
  game: LivePublishedGame;
  selection: GameSelection;
  controls: GameControls;
  onRank: (rank: ConfidenceRank) => void;
  onPower: () => void;
  onTeam: (teamId: string) => void;
  /** Locked alone because the game has started while the week's picks are still open. */
  startedLock?: boolean;
}

/**
 * One pool game (docs/screens.md#make-picks): kickoff in Central time, the 3pt/2pt/1pt/Power buttons,
 * and the two team rows (away, then home) with the 'Fav: n' tag on the favourite.
 */
export function GameCard({ game, selection, controls, startedLock = false, onRank, onPower, onTeam }: GameCardProps) {
  const spread = pickSpreadOf(game);
  const chosen = selection.rank !== null || selection.power;
  const status = gameStatusText(game);
  const scores = game.homeScore !== null && game.awayScore !== null ? { [game.homeTeam.espnId]: game.homeScore, [game.awayTeam.espnId]: game.awayScore } : null;
  return (
    <li
      className={cn('flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm', chosen && 'ring-2 ring-primary/40')}
      data-testid="game-card"
      data-game-id={game.id}
    >
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-muted-foreground">
        {status ? (
          <span
            className={cn('inline-flex items-center gap-1.5 font-semibold', game.status === 'IN_PROGRESS' ? 'text-primary' : 'text-foreground')}
            data-testid="game-live-status"
          >
            {game.status === 'IN_PROGRESS' ? <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" /> : null}
            {status}
          </span>
        ) : (
          <span>{formatKickoff(game.gameTimeUtc)}</span>
        )}
        {startedLock ? <span className="font-semibold text-foreground">{PICK_MESSAGES.gameStartedLabel}</span> : null}
        {!spread ? <span>Pick&apos;em</span> : null}
        {game.isVoid ? <span className="font-semibold text-destructive">Void</span> : null}
        {game.isTiebreaker ? (
          <span className="font-semibold text-primary" data-testid="tiebreaker-game">
            {PICK_MESSAGES.tiebreakerLabel}
          </span>
        ) : null}
      </div>
      <div className="grid grid-cols-4 gap-1.5" role="group" aria-label={`Picks for ${game.awayTeam.abbreviation} at ${game.homeTeam.abbreviation}`}>
        {CONFIDENCE_RANKS.map((rank) => (
          <PickButton key={rank} state={controls.ranks[rank]} pressed={selection.rank === rank} activeClass={RANK_CLASSES[rank]} onClick={() => onRank(rank)}>
            {rank}pt
          </PickButton>
        ))}
        <PickButton state={controls.power} pressed={selection.power} activeClass={POWER_CLASSES} onClick={onPower}>
          <Zap className="size-3.5" aria-hidden="true" />
          Power
        </PickButton>
      </div>
      {controls.needsTeam ? <p className="text-sm font-medium text-primary">{PICK_MESSAGES.chooseTeam}</p> : null}
      <div className="grid grid-cols-1 gap-2">
        {[game.awayTeam, game.homeTeam].map((team) => (
          <TeamRow
            key={team.espnId}
            team={team}
            tag={favoriteTag(game, team)}
            score={scores?.[team.espnId] ?? null}
            chosen={selection.teamId === team.espnId}
            clickable={controls.teams}
            onClick={() => onTeam(team.espnId)}
          />
        ))}
      </div>
    </li>
  );
}

function PickButton({
  state,
  pressed,
  activeClass,
  onClick,
  children,
}: {
  state: ControlState;
  pressed: boolean;
  activeClass: string;
  onClick: () => void;
  children: ReactNode;
}) {
  // `refused` looks disabled but still answers a press with the toast that says why.
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={state === 'disabled'}
      aria-disabled={state === 'refused' || undefined}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 min-w-0 items-center justify-center gap-1 rounded-md border px-1 text-sm font-semibold transition-colors pointer-coarse:h-11',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        pressed ? activeClass : 'border-input bg-background hover:bg-accent',
        (state === 'disabled' || state === 'refused') && 'cursor-not-allowed opacity-50',
        state === 'disabled' && pressed && 'opacity-100',
      )}
    >
      {children}
    </button>
  );
}

function TeamRow({
  team,
  tag,
  score,
  chosen,
  clickable,
  onClick,
}: {
  team: WeekTeam;
  tag: string | null;
  /** The team's score once the game has one. */
  score: number | null;
  chosen: boolean;
  clickable: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      disabled={!clickable}
      aria-pressed={chosen}
      onClick={onClick}
      className={cn(
        'flex min-w-0 items-center gap-2 rounded-lg border px-3 py-2 text-left transition-colors sm:gap-3',
        chosen ? 'border-primary bg-primary/10 font-semibold' : 'border-input',
        clickable ? 'cursor-pointer hover:bg-accent' : 'cursor-default',
      )}
      data-testid="team-row"
    >
      <TeamLogo team={team} />
      {/* The name gives way (truncated, whole in its title); the tag and the score never do. */}
      <span className="min-w-0 flex-1 truncate" title={team.name}>
        {team.name}
      </span>
      {tag ? <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap text-muted-foreground">{tag}</span> : null}
      {score !== null ? (
        <span className="min-w-6 shrink-0 text-right text-base font-bold tabular-nums" data-testid="team-score">
          {score}
        </span>
      ) : null}
    </button>
  );
}
