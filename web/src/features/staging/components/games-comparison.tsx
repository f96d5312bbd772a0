import { weekTitle } from '@powerpool/contracts';
import type { Game, StagingGame } from '@powerpool/contracts';
import { CalendarDays } from 'lucide-react';
import { useGamesDiff } from '@/features/staging/api/get-games-diff';
import { kickoffLabel, spreadLabel } from '@/features/staging/utils/format';
import { DiffComparison } from './diff-comparison';

/** Staged games compared with production (docs/screens.md#staging). */
export function GamesComparison() {
  const query = useGamesDiff();
  return (
    <DiffComparison<StagingGame, Game>
      title="Games Comparison"
      description="Staged games compared with production. Kickoff times in Central Time."
      query={query}
      errorTitle="Unable to load games comparison data"
      emptyText="No staging games yet. Import teams, then games, to begin."
      emptyIcon={<CalendarDays aria-hidden="true" />}
      stagingKey={(game) => game.espnId}
      productionKey={(game) => game.espnId}
      renderStaging={(game) => <GameLine game={game} />}
      renderProduction={(game) => <GameLine game={game} />}
      fieldLabel={fieldLabel}
    />
  );
}

/** "homeScore" -> "Home score". */
function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function GameLine({ game }: { game: StagingGame | Game }) {
  const final = game.gameStatus === 'COMPLETE' && game.homeScore !== null && game.awayScore !== null;
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3">
      <span className="font-medium">
        {game.awayTeamAbbr} @ {game.homeTeamAbbr}
        {final ? (
          <span className="ml-2 font-normal text-muted-foreground tabular-nums">
            {game.awayScore}-{game.homeScore}
          </span>
        ) : null}
      </span>
      <span className="text-xs text-muted-foreground sm:ml-auto sm:text-right">
        {weekTitle(game.weekNumber)} · {kickoffLabel(game.gameTimeUtc)} · Spread {spreadLabel(game.spread)}
      </span>
    </div>
  );
}
