import type { Game, GameData, MigrateGamesEvent, MigrateTeamsReply, MigrationValidation, StagingGame, Team } from '@powerpool/contracts';
import { DomainError } from '@powerpool/service-kit';
import { changesOf, diffGames, diffTeams, GAME_FIELDS, LIVE_FIELDS, TEAM_FIELDS } from './compare.js';
import type { Report, SportsContext } from './context.js';
import { errorMessage, NothingStagedError, TeamsNotInProductionError } from './errors.js';

/**
 * Push to Production (docs/architecture.md#data): the staged teams and games become the
 * production ones, and the other services hear of it (`sports.teams.pushed`, `sports.games.pushed`).
 * The HTTP surface keeps the spec's words (`migrate-teams`, `migrate-games`, "Migration validation")
 * and so do the texts an admin reads.
 */

function gameData(g: StagingGame): GameData {
  const { id: _id, scheduleId: _s, ...data } = g;
  return data;
}

function teamsValidation(staging: Team[], production: Team[]): MigrationValidation {
  const prod = new Map(production.map((t) => [t.espnId, t]));
  const missing = staging.filter((t) => !prod.has(t.espnId)).length;
  const integrity = staging.every((t) => !prod.has(t.espnId) || changesOf(t, prod.get(t.espnId)!, TEAM_FIELDS).length === 0);
  return {
    passed: missing === 0 && integrity,
    stagingCount: staging.length,
    productionCount: production.length,
    weekValidationPassed: true,
    missingCount: missing,
    dataIntegrityPassed: integrity,
  };
}

export function gamesValidation(staging: StagingGame[], production: Game[]): MigrationValidation {
  const prod = new Map(production.map((g) => [g.espnId, g]));
  let missing = 0;
  let weeksOk = true;
  let integrity = true;
  for (const s of staging) {
    const p = prod.get(s.espnId);
    if (!p) {
      missing += 1;
      continue;
    }
    if (p.weekNumber !== s.weekNumber || p.seasonType !== s.seasonType || p.year !== s.year) weeksOk = false;
    if (changesOf<GameData>(gameData(s), p, GAME_FIELDS).length) integrity = false;
  }
  return {
    passed: missing === 0 && weeksOk && integrity,
    stagingCount: staging.length,
    productionCount: production.length,
    weekValidationPassed: weeksOk,
    missingCount: missing,
    dataIntegrityPassed: integrity,
  };
}

/** Staged teams become the production teams, in one transaction (unused production teams not staged are removed). */
export async function pushTeamsToProduction(ctx: SportsContext, scheduleId: number): Promise<MigrateTeamsReply> {
  const details = await ctx.uow.write(async (store, emit) => {
    const staging = await store.stagingTeams(scheduleId);
    if (staging.length === 0) throw new NothingStagedError('teams');
    const diff = diffTeams(staging, await store.productionTeams());
    const now = ctx.now();
    await store.upsertTeams([...diff.new, ...diff.updated.map((u) => u.staging)], now);
    const deleted = await store.deleteUnusedTeams(diff.toDelete.map((t) => t.espnId));
    await emit('sports.teams.pushed', { teams: await store.productionTeams(), deletedEspnIds: deleted });
    return { created: diff.new.length, updated: diff.updated.length, unchanged: diff.unchanged.length, deleted: deleted.length };
  });
  const validation = await ctx.uow.read(async (store) => teamsValidation(await store.stagingTeams(scheduleId), await store.productionTeams()));
  return {
    success: true,
    message: `Teams migrated: ${details.created} created, ${details.updated} updated, ${details.unchanged} unchanged, ${details.deleted} deleted`,
    details,
    validation,
  };
}

/**
 * Staged games become the production games of their seasons, in ONE transaction: new and changed
 * games are written, production games of those seasons that are no longer staged are deleted. A
 * failure anywhere rolls everything back. Reports log, then exactly one complete (with validation)
 * or error (a failure is reported, never thrown).
 */
export async function pushGamesToProduction(ctx: SportsContext, scheduleId: number, report: Report<MigrateGamesEvent>): Promise<void> {
  try {
    const result = await ctx.uow.write(async (store, emit) => {
      const staging = await store.stagingGames(scheduleId);
      if (staging.length === 0) throw new NothingStagedError('games');
      const years = [...new Set(staging.map((g) => g.year))].sort();
      report({ type: 'log', message: `Migrating ${staging.length} staged games (${years.join(', ')}) to production...` });
      const teamIds = new Set((await store.productionTeams()).map((t) => t.espnId));
      const missingTeams = [...new Set(staging.flatMap((g) => [g.homeTeamEspnId, g.awayTeamEspnId]).filter((id) => !teamIds.has(id)))];
      if (missingTeams.length) throw new TeamsNotInProductionError(missingTeams);
      const diff = diffGames(staging, await store.productionGames({ years }));
      report({
        type: 'log',
        message: `${diff.new.length} new, ${diff.updated.length} updated, ${diff.unchanged.length} unchanged, ${diff.toDelete.length} to delete`,
      });
      const now = ctx.now();
      for (const g of diff.new) await store.upsertGame(gameData(g), now);
      for (const u of diff.updated) {
        const game = await store.upsertGame(gameData(u.staging), now);
        const changed = u.changes.map((c) => c.field).filter((f) => (LIVE_FIELDS as readonly string[]).includes(f));
        if (changed.length) await emit('sports.game.updated', { game, changed });
      }
      const deleted = diff.toDelete.map((g) => g.espnId);
      await store.deleteGames(deleted);
      if (deleted.length) report({ type: 'log', message: `Deleted ${deleted.length} production games no longer in staging` });
      await emit('sports.games.pushed', { years, games: await store.productionGames({ years }), deletedEspnIds: deleted });
      return { created: diff.new.length, updated: diff.updated.length, unchanged: diff.unchanged.length, deleted: deleted.length, years };
    });
    const validation = await ctx.uow.read(async (store) =>
      gamesValidation(await store.stagingGames(scheduleId), await store.productionGames({ years: result.years })),
    );
    report({
      type: 'log',
      message: validation.passed ? 'Validation passed: production matches staging' : 'Validation found differences between staging and production',
    });
    const { years: _years, ...counts } = result;
    report({
      type: 'complete',
      message: `Games migrated: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.deleted} deleted`,
      result: { ...counts, validation },
    });
  } catch (err) {
    ctx.logger.warn({ err }, 'pushing games to production failed');
    const message = err instanceof DomainError ? err.message : `Migration failed and was rolled back; production was not changed (${errorMessage(err)})`;
    report({ type: 'error', message });
  }
}
