import { ERROR_STATUS, isErrorCode, type ErrorBody, type ErrorCode } from '@powerpool/contracts';

/**
 * Typed domain errors. The domain throws them; `errorReply` maps any error to HTTP as
 * `{ error, message, details? }`, and the bus carries them across request/reply. The status comes
 * from the code (contracts' ERROR_STATUS), so one code always has one status.
 */
export class DomainError extends Error {
  /** HTTP status this error maps to. */
  readonly status: number;

  constructor(
    /** Stable snake_case code (`pool_not_found`). */
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return this.details === undefined ? { error: this.code, message: this.message } : { error: this.code, message: this.message, details: this.details };
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: unknown) {
    super('validation_failed', message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized: you are not signed in') {
    super('unauthorized', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden: you do not have access to this') {
    super('forbidden', message);
  }
}

/**
 * 404 with a specific code (`pool_not_found`) or the generic `not_found`. Like DomainError and
 * ConflictError, the code comes before the message: every error class that takes a code takes
 * (code, message, details?).
 */
export class NotFoundError extends DomainError {
  constructor(code: ErrorCode = 'not_found', message = 'Not found') {
    super(code, message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(code, message, details);
  }
}

/**
 * An action that needs what another service decided, arriving before it reached us, while that
 * service could not be asked (docs/cross-service-decisions.md). Retried, it succeeds.
 */
export class StillSyncingError extends ConflictError {
  constructor(message: string) {
    super('still_syncing', message);
  }
}

/**
 * A refusal decided on this service's copy of pools-invitations' pools and memberships, which lags
 * (a pool just created, a player who just joined, a commissioner just handed over). `route()`
 * catches such a refusal once: it asks pools-invitations for the pool and the person
 * (`rpc.pools.pool.access`), updates the copy and runs the handler again (docs/cross-service-decisions.md).
 */
export interface PoolAccessRefusal {
  /** The pool, and the person whose membership decided it (the caller unless said). */
  readonly poolAccess: { poolId: string; userId?: string };
}

/** The pool and person a refusal was decided on, when it is one (PoolAccessRefusal). */
export function poolAccessOf(err: unknown): { poolId: string; userId?: string } | undefined {
  const access = (err as Partial<PoolAccessRefusal> | null)?.poolAccess;
  return access && typeof access.poolId === 'string' && access.poolId !== '' ? access : undefined;
}

/**
 * A pool that does not exist (or is not known to this service yet). Give `poolId` when the refusal
 * was decided on this service's copy, so `route()` can check with pools-invitations first
 * (PoolAccessRefusal); without it the refusal is final.
 */
export class PoolNotFoundError extends NotFoundError implements PoolAccessRefusal {
  readonly poolAccess: { poolId: string };
  constructor({ poolId = '', message = 'Pool not found' }: { poolId?: string; message?: string } = {}) {
    super('pool_not_found', message);
    this.poolAccess = { poolId };
  }
}

/** 403 on a pool: not its commissioner, not an active member (decided on this service's copy). */
export class PoolForbiddenError extends ForbiddenError implements PoolAccessRefusal {
  constructor(
    message: string,
    readonly poolAccess: { poolId: string; userId?: string },
  ) {
    super(message);
  }
}

/** A user that does not exist (or is not known to this service yet). */
export class UserNotFoundError extends NotFoundError {
  constructor(message = 'User not found') {
    super('user_not_found', message);
  }
}

/** A service (named) does not answer: down, restarting or not deployed. */
export class ServiceUnavailableError extends DomainError {
  constructor(message = 'The service is unavailable. Please try again shortly.') {
    super('service_unavailable', message);
  }
}

/** The service that answers a request subject (`rpc.<short>.…`, any namespace before it). */
const RPC_SERVICES: Readonly<Record<string, string>> = {
  identity: 'identity',
  pools: 'pools-invitations',
  weeks: 'weeks-workflow',
  picks: 'picks-scoring',
  sports: 'sports-data-staging',
  notifications: 'notifications',
};

/**
 * A request subject as people read it: the service that answers it and the subject without the
 * deployment's namespace, e.g. `the sports-data-staging service (rpc.sports.week.refresh-scores)`.
 */
function requestTarget(subject: string): string {
  const at = subject.indexOf('rpc.');
  const bare = at >= 0 ? subject.slice(at) : subject;
  const service = RPC_SERVICES[bare.split('.')[1] ?? ''];
  return service ? `the ${service} service (${bare})` : bare;
}

/** Nobody answers a bus request (the service is down or not deployed). */
export class BusNoRespondersError extends ServiceUnavailableError {
  constructor(subject: string) {
    const target = requestTarget(subject);
    super(`${target.charAt(0).toUpperCase()}${target.slice(1)} is unavailable: nothing answered. Please try again shortly.`);
  }
}

/** A bus request got no answer in time. */
export class BusTimeoutError extends DomainError {
  constructor(subject: string, timeoutMs: number) {
    const target = requestTarget(subject);
    super('service_timeout', `${target.charAt(0).toUpperCase()}${target.slice(1)} did not answer within ${timeoutMs} ms. Please try again shortly.`);
  }
}

/** An error from another process (bus reply) whose code this build does not know: keeps its status. */
class RemoteError extends DomainError {
  override readonly status: number;
  readonly remoteCode: string;

  constructor(status: number, body: ErrorBody) {
    super(status >= 500 ? 'internal_error' : 'bad_request', body.message, body.details);
    this.status = status;
    this.remoteCode = body.error;
  }

  override toBody(): ErrorBody {
    return this.details === undefined
      ? { error: this.remoteCode, message: this.message }
      : { error: this.remoteCode, message: this.message, details: this.details };
  }
}

/** Rebuild a DomainError from its wire form (bus replies). */
export function domainErrorFromBody(status: number, body: ErrorBody): DomainError {
  return isErrorCode(body.error) && ERROR_STATUS[body.error] === status
    ? new DomainError(body.error, body.message, body.details)
    : new RemoteError(status, body);
}
