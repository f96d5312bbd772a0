import { DomainError } from '@powerpool/service-kit';
import { EspnError } from './espn.js';

/** ESPN did not answer, answered an error or something unreadable (502 `espn_unavailable`). */
export class EspnUnavailableError extends DomainError {
  /** `what` names the operation: `Venue import`, `Refreshing odds`. */
  constructor(what: string, cause: EspnError) {
    super('espn_unavailable', `${what} failed: ${cause.message}`);
  }
}

/** A games import while staging has no teams (409 `teams_not_imported`). */
export class TeamsNotImportedError extends DomainError {
  constructor() {
    super('teams_not_imported', 'Import teams before games: staging has no teams yet.');
  }
}

/** A push to production with nothing staged (409 `nothing_staged`). */
export class NothingStagedError extends DomainError {
  constructor(what: 'teams' | 'games') {
    super('nothing_staged', `There are no staged ${what} to push to production. Import ${what} first.`);
  }
}

/** Games pushed to production naming teams production does not have yet (409 `teams_not_in_production`). */
export class TeamsNotInProductionError extends DomainError {
  /** `missing`: the ESPN ids of the missing teams; the message names the first five. */
  constructor(missing: readonly string[]) {
    super('teams_not_in_production', `Migrate teams before games: production has no team ${missing.slice(0, 5).join(', ')}.`);
  }
}

/**
 * Run an ESPN call; an EspnError becomes EspnUnavailableError naming `what`, anything else is
 * rethrown as it is.
 */
export async function fromEspn<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof EspnError) throw new EspnUnavailableError(what, err);
    throw err;
  }
}

/** The message of anything thrown, for an error event. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
