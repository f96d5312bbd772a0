import * as Collapsible from '@/components/ui/collapsible';
import { CONFIDENCE_RANKS, OVERRIDE_REASON_MAX_LENGTH, PICK_MESSAGES } from '@powerpool/contracts';
import type { ConfidenceRank, PublishedGame, WeekGame } from '@powerpool/contracts';
import { ChevronDown, LifeBuoy, LoaderCircle, Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { TiebreakerField } from '@/components/tiebreaker-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { toastFailure } from '@/lib/toast-error';
import { cn } from '@/utils/cn';
import { useOverrides } from '@/features/weeks/api/get-overrides';
import { usePoolMembers } from '@/features/weeks/api/get-pool-members';
import { usePublishedGames } from '@/features/weeks/api/get-published-games';
import { useSetupGames } from '@/features/weeks/api/get-setup-games';
import { useSubmitOverride } from '@/features/weeks/api/submit-override';
import { matchupText } from '@/features/weeks/lib/games';
import { choiceValue, EMPTY_OVERRIDE_FORM, overrideBody, overrideProblem, parseChoice } from '@/features/weeks/lib/override';
import type { OverrideForm, TeamChoice } from '@/features/weeks/lib/override';

/**
 * Emergency pick entry (docs/week.md#emergency-pick-entry), for the pool's commissioner and super admins,
 * in every state: a member's three confidence picks on the pool's games, an optional power pick
 * on any game of the week, the tiebreaker prediction when the week has a tiebreaker game (empty
 * keeps the member's), and a reason. Recorded by the server; a scored week is recalculated.
 */
export function EmergencyPicksPanel({ poolId, weekNumber }: { poolId: string; weekNumber: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl border border-amber-500/40 bg-card" data-testid="emergency-picks">
      <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <LifeBuoy className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold">Emergency Pick Entry</span>
          <span className="block text-sm text-muted-foreground">Enter a member’s picks for them, with a reason. Every entry is recorded.</span>
        </span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </Collapsible.Trigger>
      <Collapsible.Content className="grid gap-6 px-4 pb-4">
        {open ? <EntryForm poolId={poolId} weekNumber={weekNumber} /> : null}
        {open ? <RecordedOverrides poolId={poolId} weekNumber={weekNumber} /> : null}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function EntryForm({ poolId, weekNumber }: { poolId: string; weekNumber: number }) {
  const members = usePoolMembers(poolId);
  const published = usePublishedGames(poolId, weekNumber);
  const weekGames = useSetupGames(poolId, weekNumber);
  const submit = useSubmitOverride();
  const [form, setForm] = useState<OverrideForm>(EMPTY_OVERRIDE_FORM);
  const [lastResult, setLastResult] = useState<string | null>(null);
  const ids = { member: useId(), power: useId(), reason: useId(), rank: useId() };

  if (members.isPending || published.isPending || weekGames.isPending) return <InlineLoading label="Loading members and games..." />;
  const failed = members.error ?? published.error ?? weekGames.error;
  if (failed) {
    return (
      <InlineError
        title="Unable to load the pick entry"
        message={errorText(failed, 'Failed to load members and games.')}
        onRetry={() => void Promise.all([members.refetch(), published.refetch(), weekGames.refetch()])}
      />
    );
  }
  const pool = published.data ?? [];
  const allGames = weekGames.data ?? [];
  // The week's tiebreaker game, fixed at publish (docs/game.md#weekly-winners).
  const tiebreakerGame = pool.find((g) => g.isTiebreaker) ?? null;
  const problem = overrideProblem(form, tiebreakerGame?.gameName ?? null);
  const setPick = (rank: ConfidenceRank, choice: TeamChoice | null) => setForm((f) => ({ ...f, picks: { ...f.picks, [rank]: choice } }));

  function send() {
    if (problem) return;
    const target = members.data?.find((m) => m.userId === form.targetUserId)?.displayName ?? 'the member';
    submit.mutate(overrideBody(form, { poolId, weekNumber, published: pool, weekGames: allGames }), {
      onSuccess: (reply) => {
        const recalculated = reply.autoRecalculated ? 'The week’s scores were recalculated.' : 'The week has not been scored yet: nothing to recalculate.';
        setLastResult(`Picks saved for ${target}. ${recalculated}`);
        toast({ title: 'Override Saved', description: `${reply.message} ${recalculated}` });
        setForm(EMPTY_OVERRIDE_FORM);
      },
      onError: (error) => toastFailure(error, { fallback: PICK_MESSAGES.overrideFailed }),
    });
  }

  if (pool.length === 0) {
    return <p className="text-sm text-muted-foreground">The pool has not published games for this week yet: confidence picks need published games.</p>;
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      aria-label="Emergency pick entry"
    >
      <Field id={ids.member} label="Member">
        <NativeSelect id={ids.member} value={form.targetUserId} onChange={(e) => setForm((f) => ({ ...f, targetUserId: e.target.value }))} required>
          <option value="">Select a member...</option>
          {(members.data ?? []).map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.displayName}
              {m.email ? ` (${m.email})` : ''}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        {CONFIDENCE_RANKS.map((rank) => (
          <Field key={rank} id={`${ids.rank}-${rank}`} label={`${rank}pt pick`}>
            <TeamSelect
              id={`${ids.rank}-${rank}`}
              games={pool}
              value={form.picks[rank]}
              onChange={(choice) => setPick(rank, choice)}
              placeholder="Select a team..."
            />
          </Field>
        ))}
      </div>
      <Field id={ids.power} label="Power pick (optional)" hint="Any game of the week, including games this pool did not publish.">
        <TeamSelect id={ids.power} games={allGames} value={form.power} onChange={(power) => setForm((f) => ({ ...f, power }))} placeholder="No power pick" />
      </Field>
      {tiebreakerGame ? (
        <TiebreakerField
          className="mx-0 max-w-none"
          gameName={tiebreakerGame.gameName}
          value={form.tiebreaker}
          disabled={false}
          onChange={(tiebreaker) => setForm((f) => ({ ...f, tiebreaker }))}
          hint="Leave empty to keep the member’s prediction."
        />
      ) : null}
      <Field id={ids.reason} label="Reason">
        <Textarea
          id={ids.reason}
          value={form.reason}
          maxLength={OVERRIDE_REASON_MAX_LENGTH}
          onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
          placeholder="Why are you entering these picks?"
          required
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={problem !== null || submit.isPending}>
          {submit.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          Submit Override
        </Button>
        {problem ? (
          <p className="text-sm text-muted-foreground" data-testid="override-problem">
            {problem}
          </p>
        ) : null}
      </div>
      {lastResult ? (
        <p role="status" className="rounded-md bg-success/10 px-3 py-2 text-sm text-success" data-testid="override-result">
          {lastResult}
        </p>
      ) : null}
    </form>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** A team on one of the games: grouped by matchup, away team first. */
function TeamSelect({
  id,
  games,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  games: ReadonlyArray<PublishedGame | WeekGame>;
  value: TeamChoice | null;
  onChange: (choice: TeamChoice | null) => void;
  placeholder: string;
}) {
  return (
    <NativeSelect id={id} value={choiceValue(value)} onChange={(e) => onChange(parseChoice(e.target.value))}>
      <option value="">{placeholder}</option>
      {games.map((game) => (
        <optgroup key={game.id} label={matchupText(game)}>
          {[game.awayTeam, game.homeTeam].map((team) => (
            <option key={team.espnId} value={choiceValue({ gameId: game.id, teamEspnId: team.espnId })}>
              {team.abbreviation} ({matchupText(game)})
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelect>
  );
}

/** The week's recorded overrides: who entered picks for whom, when and why. */
function RecordedOverrides({ poolId, weekNumber }: { poolId: string; weekNumber: number }) {
  const overrides = useOverrides(poolId, weekNumber);
  if (overrides.isPending || overrides.isError || overrides.data.length === 0) return null;
  return (
    <section className="grid gap-2 border-t pt-4 text-sm" aria-label="Recorded overrides" data-testid="recorded-overrides">
      <p className="font-semibold">Recorded overrides</p>
      <ul className="grid gap-1.5">
        {overrides.data.map((o) => (
          <li key={o.id}>
            <span className="font-medium">{o.byDisplayName}</span> entered picks for <span className="font-medium">{o.targetDisplayName}</span>{' '}
            <span className="text-muted-foreground">on {formatDateTime(o.at)}</span>. Reason: <span className="italic">{o.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
