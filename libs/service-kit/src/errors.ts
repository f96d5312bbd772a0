/**
 * Typed domain errors. The domain throws them; one error plugin maps them to HTTP as
 * `{ error, message, details? }`, and the bus carries them across request/reply.
 */
export class DomainError extends Error {
  constructor(
    /** Stable snake_case code (`picks_locked`). */
    readonly code: string,
    /** HTTP status this error maps to. */
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): { error: string; message: string; details?: unknown } {
    return this.details === undefined
      ? { error: this.code, message: this.message }
      : { error: this.code, message: this.message, details: this.details };
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: unknown) {
    super('validation_failed', 400, message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized: you are not signed in') {
    super('unauthorized', 401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden: you do not have access to this') {
    super('forbidden', 403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found', code = 'not_found') {
    super(code, 404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string, details?: unknown) {
    super(code, 409, message, details);
  }
}

/** Nobody answers a bus request (the service is down or not deployed). */
export class BusNoRespondersError extends DomainError {
  constructor(subject: string) {
    super('service_unavailable', 503, `No service answered ${subject}`);
  }
}

/** A bus request got no answer in time. */
export class BusTimeoutError extends DomainError {
  constructor(subject: string, timeoutMs: number) {
    super('service_timeout', 504, `No answer to ${subject} within ${timeoutMs} ms`);
  }
}

/** Rebuild a DomainError from its wire form (bus replies). */
export function domainErrorFromBody(status: number, body: { error: string; message: string; details?: unknown }): DomainError {
  return new DomainError(body.error, status, body.message, body.details);
}
