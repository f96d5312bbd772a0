import { PICK_DEADLINE_LEAD_MINUTES } from '@powerpool/contracts';

const STEPS = [
  'Pick exactly 3 games with the 3pt, 2pt and 1pt buttons: your most confident pick is worth 3 points.',
  'Choose the winner of each of those games against the spread by clicking its team.',
  'Optional: add a Power Pick on a 4th game and choose its team.',
  'Save your picks before the deadline.',
] as const;

const SCORING = [
  'Picks are scored against the spread locked when the games were published: the favourite must win by more than the spread.',
  'A winning pick earns its rank (3, 2 or 1 points); a loss or a push earns 0.',
  'Power pick: if it wins, your points for the week are doubled (x2); if it loses, they are wiped out (x0); a push leaves them as they are.',
  'A cancelled or voided game counts as a push for every pick on it.',
  `Picks close ${PICK_DEADLINE_LEAD_MINUTES} minutes before the first game of the week. The server's clock decides, whatever your device shows.`,
] as const;

/** The collapsible 'How to Make Your Picks' guide (docs/screens.md#make-picks) with 'How scoring works' (docs/game.md). */
export function PicksGuide() {
  return (
    <details className="group rounded-xl border bg-card px-4 py-3 shadow-sm" data-testid="picks-guide">
      <summary className="cursor-pointer font-semibold select-none">How to Make Your Picks</summary>
      <div className="mt-3 grid gap-4 text-sm sm:grid-cols-2">
        <ol className="list-decimal space-y-1.5 pl-5">
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div>
          <h3 className="mb-1.5 font-semibold">How scoring works</h3>
          <ul className="list-disc space-y-1.5 pl-5 text-muted-foreground">
            {SCORING.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
    </details>
  );
}
