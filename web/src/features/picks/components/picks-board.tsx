import { gameHasStarted, isValidTiebreaker, PICK_MESSAGES } from '@powerpool/contracts';
import type { SavedPick, Week } from '@powerpool/contracts';
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { TiebreakerField } from '@/components/tiebreaker-field';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useTimePassed } from '@/hooks/use-time-passed';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import type { LivePublishedGame } from '@/lib/live-games';
import { isOfflineError } from '@/lib/offline';
import { toastFailure } from '@/lib/toast-error';
import { useMyTiebreaker } from '@/features/picks/api/get-my-tiebreaker';
import { useSavePicks } from '@/features/picks/api/save-picks';
import {
  buildBatch,
  chooseRank,
  choosePower,
  chooseTeam,
  gameControls,
  removePower,
  sameSelections,
  selectionOf,
  selectionsFromPicks,
} from '@/features/picks/lib/edit-rules';
import type { EditResult, Refusal, Selections } from '@/features/picks/lib/edit-rules';
import { GameCard } from './game-card';
import { PicksSummary } from './picks-summary';

const refuse = (refusal: Refusal) => toast({ title: refusal.title, description: refusal.description, variant: 'destructive' });

/** The latest save time of the saved picks. */
function lastSavedOf(picks: readonly SavedPick[]): string | null {
  return picks.reduce<string | null>((latest, p) => (latest === null || p.updatedAt > latest ? p.updatedAt : latest), null);
}

/** The leave question's explanation on Make Picks (docs/screens.md#unsaved-changes). */
const UNSAVED_PICKS = "Your changes to this week's picks have not been saved. Stay and press Save Picks to keep them; if you leave, they are lost.";

/**
 * The summary, the one button and the game cards of Make Picks (docs/screens.md#make-picks).
 * Locked (nothing can change) once the deadline passes by the browser's clock, when the week is
 * no longer PUBLISHED, or when the server refused a save because its clock says the deadline has
 * passed (409 picks_locked): the server decides.
 */
export function PicksBoard({
  poolId,
  week,
  games,
  savedPicks,
  afterFirstSave,
}: {
  poolId: string;
  week: Week;
  games: readonly LivePublishedGame[];
  savedPicks: readonly SavedPick[];
  /** Shown under the button once the week's first save has succeeded (the reminder offer, docs/screens.md#make-picks-reminder-offer). */
  afterFirstSave?: ReactNode;
}) {
  const save = useSavePicks();
  const [firstSaved, setFirstSaved] = useState(false);
  const passed = useTimePassed(week.pickDeadline);
  const [serverLock, setServerLock] = useState<string | null>(null);
  const locked = week.state !== 'PUBLISHED' || passed || serverLock !== null;
  const saved = useMemo(() => selectionsFromPicks(savedPicks, games), [savedPicks, games]);
  const [editing, setEditing] = useState(() => savedPicks.length === 0 && !locked);
  const [draft, setDraft] = useState<Selections | null>(null);
  const selections = draft ?? saved;
  // The week's tiebreaker game, fixed at publish (docs/game.md#weekly-winners): its prediction is saved with the picks.
  const tiebreakerGame = games.find((g) => g.isTiebreaker) ?? null;
  const savedTiebreaker = useMyTiebreaker(week.id, poolId, { enabled: tiebreakerGame !== null }).data?.tiebreaker ?? null;
  const savedTiebreakerText = savedTiebreaker === null ? '' : String(savedTiebreaker);
  const [tiebreakerDraft, setTiebreakerDraft] = useState<string | null>(null);
  // Set by a Save Picks refused for want of a prediction: the field says so until it is changed.
  const [tiebreakerError, setTiebreakerError] = useState<string | null>(null);
  const tiebreakerInput = useRef<HTMLInputElement>(null);
  const tiebreakerText = tiebreakerDraft ?? savedTiebreakerText;
  const unsaved = (draft !== null && !sameSelections(draft, saved)) || (tiebreakerDraft !== null && tiebreakerDraft !== savedTiebreakerText);
  const context = { editing: editing && !save.isPending, locked };
  const lastSaved = lastSavedOf(savedPicks);

  function apply(result: EditResult) {
    if (result.ok) setDraft(result.selections);
    else refuse(result.refusal);
  }

  /** The picks are complete, the prediction is what is missing: the field says why and takes the focus. */
  function markTiebreaker(message: string) {
    // Rendered first, so the focus lands on a field that already describes its error.
    flushSync(() => setTiebreakerError(message));
    const input = tiebreakerInput.current;
    if (!input) return;
    input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
  }

  function submit() {
    const batch = buildBatch(selections, games, { poolId, weekId: week.id, weekNumber: week.weekNumber });
    if (!batch.ok) return refuse(batch.refusal);
    let body = batch.body;
    if (tiebreakerGame) {
      const tiebreaker = tiebreakerText.trim() === '' ? Number.NaN : Number(tiebreakerText);
      if (!isValidTiebreaker(tiebreaker)) return markTiebreaker(PICK_MESSAGES.tiebreakerRequired(tiebreakerGame.gameName));
      body = { ...body, tiebreaker };
    }
    const first = savedPicks.length === 0;
    save.mutate(body, {
      onSuccess: () => {
        if (first) setFirstSaved(true);
        toast({ title: PICK_MESSAGES.savedTitle, description: PICK_MESSAGES.saved(week.weekNumber) });
        setDraft(null);
        setTiebreakerDraft(null);
        setEditing(false);
      },
      onError: (error) => {
        if (isApiError(error, 409) && error.code === 'picks_locked') {
          setServerLock(error.serverMessage || PICK_MESSAGES.picksLocked);
        }
        if (isOfflineError(error)) toast({ title: PICK_MESSAGES.saveOfflineTitle, description: PICK_MESSAGES.saveOffline, variant: 'destructive' });
        else toastFailure(error, { fallback: PICK_MESSAGES.saveFailed });
      },
    });
  }

  const label = save.isPending ? PICK_MESSAGES.savingPicks : editing ? PICK_MESSAGES.savePicks : PICK_MESSAGES.editPicks;
  const commissionerPicks = savedPicks.some((p) => p.enteredByCommissioner);

  return (
    <div className="grid gap-6">
      <UnsavedChangesGuard when={unsaved && !locked} description={UNSAVED_PICKS} />
      <PicksSummary selections={selections} games={games} onRemovePower={context.editing && !locked ? () => setDraft(removePower(selections)) : undefined} />

      <div className="flex flex-col items-center gap-2 text-center">
        {/* With the picks, before the button that saves it with them. */}
        {tiebreakerGame ? (
          <TiebreakerField
            gameName={tiebreakerGame.gameName}
            value={tiebreakerText}
            disabled={!context.editing || locked}
            onChange={(value) => {
              setTiebreakerDraft(value);
              setTiebreakerError(null);
            }}
            error={tiebreakerError}
            inputRef={tiebreakerInput}
            className="mb-4"
          />
        ) : null}
        <Button
          size="lg"
          className="w-full max-w-xs"
          disabled={locked || save.isPending}
          onClick={() => (editing ? submit() : setEditing(true))}
          data-testid="picks-button"
        >
          {label}
        </Button>
        {serverLock ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {serverLock}
          </p>
        ) : locked && !passed ? (
          <p className="text-sm text-muted-foreground">{PICK_MESSAGES.picksLocked}</p>
        ) : null}
        {unsaved ? <p className="text-sm font-medium text-warning">You have unsaved changes.</p> : null}
        {lastSaved && !unsaved ? (
          <p className="text-sm text-muted-foreground" data-testid="picks-saved">
            <span className="font-medium text-success">{PICK_MESSAGES.saved(week.weekNumber)}</span>
            <br />
            Last saved: {formatDateTime(lastSaved)}
          </p>
        ) : null}
        {commissionerPicks ? <p className="text-xs text-muted-foreground">Some of these picks were entered by your pool commissioner.</p> : null}
      </div>
      {firstSaved ? afterFirstSave : null}

      {/* grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a card never grows past the screen for a long name. */}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Games">
        {games.map((game) => {
          // A game already being played or final takes no pick, whatever the deadline (docs/game.md#started-games).
          const startedLock = gameHasStarted(game.status) && !locked;
          const gameContext = startedLock ? { ...context, locked: true } : context;
          return (
            <GameCard
              key={game.id}
              game={game}
              selection={selectionOf(selections, game.id)}
              controls={gameControls(selections, game.id, gameContext)}
              startedLock={startedLock}
              onRank={(rank) => apply(chooseRank(selections, game.id, rank))}
              onPower={() => apply(choosePower(selections, game.id))}
              onTeam={(teamId) => {
                const next = chooseTeam(selections, game.id, teamId, gameContext);
                if (next) setDraft(next);
              }}
            />
          );
        })}
      </ul>
    </div>
  );
}
