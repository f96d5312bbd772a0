import {
  weekLabel,
  type ClearStagingReply,
  type GameData,
  type GamesDiff,
  type ImportEvent,
  type ImportResult,
  type StagingGame,
  type Team,
  type TeamsDiff,
  type ValidationReport,
} from '@powerpool/contracts';
import { seasonWeeks } from './espn-weeks.js';
import { changesOf, diffGames, diffTeams, GAME_FIELDS, TEAM_FIELDS } from './compare.js';
import type { Report, SportsContext } from './context.js';
import { errorMessage, TeamsNotImportedError } from './errors.js';
import { fetchTeamLogos } from './logos.js';
import { validateStaging } from './validation.js';

export const listStagingTeams = (ctx: SportsContext, scheduleId: number) => ctx.uow.read((store) => store.stagingTeams(scheduleId));
export const listStagingGames = (ctx: SportsContext, scheduleId: number) => ctx.uow.read((store) => store.stagingGames(scheduleId));

export function teamsDiff(ctx: SportsContext, scheduleId: number): Promise<TeamsDiff> {
  return ctx.uow.read(async (store) => diffTeams(await store.stagingTeams(scheduleId), await store.productionTeams()));
}

/** Staged games against the production games of the same seasons (other seasons are left alone). */
export function gamesDiff(ctx: SportsContext, scheduleId: number): Promise<GamesDiff> {
  return ctx.uow.read(async (store) => {
    const staged = await store.stagingGames(scheduleId);
    const years = [...new Set(staged.map((g) => g.year))];
    return diffGames(staged, await store.productionGames({ years }));
  });
}

export function validateGames(ctx: SportsContext, scheduleId: number): Promise<ValidationReport> {
  return ctx.uow.read(async (store) => validateStaging(await store.stagingTeams(scheduleId), await store.stagingGames(scheduleId)));
}

export async function clearStaging(ctx: SportsContext, scheduleId: number): Promise<ClearStagingReply> {
  const deleted = await ctx.uow.write((store) => store.clearStaging(scheduleId));
  return { success: true, message: `Staging cleared: ${deleted.teams} teams and ${deleted.games} games removed`, deleted };
}

function countChanges<T extends { espnId: string }>(before: T[], after: T[], fields: ReadonlyArray<keyof T>): ImportResult {
  const old = new Map(before.map((x) => [x.espnId, x]));
  const result: ImportResult = { total: after.length, new: 0, updated: 0, unchanged: 0, removed: 0 };
  const kept = new Set<string>();
  for (const x of after) {
    kept.add(x.espnId);
    const prev = old.get(x.espnId);
    if (!prev) result.new += 1;
    else if (changesOf(x, prev, fields).length) result.updated += 1;
    else result.unchanged += 1;
  }
  result.removed = before.filter((x) => !kept.has(x.espnId)).length;
  return result;
}

function summary(r: ImportResult): string {
  return `${r.new} new, ${r.updated} updated, ${r.unchanged} unchanged${r.removed ? `, ${r.removed} removed` : ''}`;
}

function importFailure(err: unknown, what: string): string {
  return `${what} failed: ${errorMessage(err)}. Staging was not changed.`;
}

/**
 * Fetch the teams list and make it the staged teams. Reports log and progress, then exactly one
 * complete or error (a failure is reported, never thrown). Each team's logo is fetched here, once,
 * and stored with the staged teams (logos.ts): the admin sees the staged teams with the logos they
 * will have, and the push to production stays one database transaction that needs no provider.
 */
export async function importTeams(
  ctx: SportsContext,
  { scheduleId, year, report }: { scheduleId: number; year: number; report: Report<ImportEvent> },
): Promise<void> {
  try {
    report({ type: 'log', message: `Importing NFL teams for ${year} from ESPN...` });
    report({ type: 'progress', current: 0, total: 1, item: 'Teams list' });
    const listed = await ctx.espn.teams();
    report({ type: 'progress', current: 1, total: 1, item: 'Teams list' });
    report({ type: 'log', message: `ESPN listed ${listed.length} teams` });
    const fetched = await fetchTeamLogos(ctx, listed);
    const teams = fetched.teams;
    const names = fetched.failed.map((f) => f.team.abbreviation);
    report({
      type: 'log',
      message: `Logos: ${fetched.logos.length} stored${names.length ? `, ${names.length} could not be fetched (${names.slice(0, 8).join(', ')}${names.length > 8 ? ', ...' : ''}): those teams keep an earlier logo or show their coloured circle` : ''}`,
    });
    const result = await ctx.uow.write(async (store) => {
      const before = await store.stagingTeams(scheduleId);
      const now = ctx.now();
      for (const logo of fetched.logos) await store.saveTeamLogo(logo, now);
      await store.replaceStagingTeams(scheduleId, teams, now);
      return countChanges<Team>(before, teams, TEAM_FIELDS);
    });
    report({ type: 'complete', message: `Imported ${teams.length} teams (${summary(result)})`, result });
  } catch (err) {
    ctx.logger.warn({ err }, 'teams import failed');
    report({ type: 'error', message: importFailure(err, 'Teams import') });
  }
}

/** Refuse a games import while staging has no teams (checked before the stream starts). */
export async function assertTeamsStaged(ctx: SportsContext, scheduleId: number): Promise<void> {
  if ((await ctx.uow.read((store) => store.stagingTeams(scheduleId))).length === 0) throw new TeamsNotImportedError();
}

/**
 * Fetch every week of `year` (preseason 1-4, regular 1-18, postseason 1-3 and the Super Bowl) and
 * make them the staged games of that year, in one transaction after every week was read: any
 * failure leaves staging as it was. Reports like importTeams.
 */
export async function importGames(
  ctx: SportsContext,
  { scheduleId, year, report }: { scheduleId: number; year: number; report: Report<ImportEvent> },
): Promise<void> {
  try {
    const weeks = seasonWeeks();
    report({ type: 'log', message: `Importing ${year} games from ESPN (${weeks.length} weeks)...` });
    let done = 0;
    const perWeek = await Promise.all(
      weeks.map(async (w) => {
        const games = await ctx.espn.scoreboard({ year, seasonType: w.seasonType, espnWeek: w.espnWeek });
        done += 1;
        report({ type: 'progress', current: done, total: weeks.length, item: `${year} ${weekLabel(w.weekNumber)}` });
        return { w, games };
      }),
    );
    const byId = new Map<string, GameData>();
    for (const { w, games } of perWeek) {
      if (games.length) report({ type: 'log', message: `${weekLabel(w.weekNumber)}: ${games.length} games` });
      for (const g of games) if (g.year === year) byId.set(g.espnId, g);
    }
    const games = [...byId.values()];
    if (games.length === 0) report({ type: 'log', message: `ESPN has no games for ${year}` });
    const result = await ctx.uow.write(async (store) => {
      const before = (await store.stagingGames(scheduleId)).filter((g) => g.year === year);
      await store.replaceStagingGames({ scheduleId, year, list: games, now: ctx.now() });
      return countChanges<GameData | StagingGame>(before, games, GAME_FIELDS);
    });
    report({ type: 'complete', message: `Imported ${games.length} games for ${year} (${summary(result)})`, result });
  } catch (err) {
    ctx.logger.warn({ err }, 'games import failed');
    report({ type: 'error', message: importFailure(err, 'Games import') });
  }
}
