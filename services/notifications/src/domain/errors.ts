import { weekTitle } from '@powerpool/contracts';
import { ConflictError, DomainError, NotFoundError } from '@powerpool/service-kit';

/** A nudge inside the hour after the previous one (docs/notifications.md#nudge). */
export class NudgeTooSoonError extends DomainError {
  constructor(weekNumber: number, nextAt: Date, nextText: string) {
    super('nudge_too_soon', `${weekTitle(weekNumber)} was nudged less than an hour ago: the next nudge is possible at ${nextText}`, {
      nextNudgeAt: nextAt.toISOString(),
    });
  }
}

/** A nudge for a week that is not PUBLISHED with its picks deadline ahead. */
export class WeekNotOpenError extends ConflictError {
  constructor(weekNumber: number) {
    super('week_not_open', `${weekTitle(weekNumber)} is not open for picks: nudges go out only between publishing and the picks deadline`);
  }
}

export class InvalidUnsubscribeTokenError extends DomainError {
  constructor() {
    super('invalid_unsubscribe_token', 'This unsubscribe link is not valid. Change your e-mail settings on your Profile instead.');
  }
}

/** A browser's push endpoint the server will not connect to (docs/notifications.md#push-endpoints). */
export class PushEndpointNotAllowedError extends DomainError {
  constructor(reason: string) {
    super('push_endpoint_not_allowed', `This browser's push endpoint is not accepted: ${reason}.`);
  }
}

export class PushNotConfiguredError extends NotFoundError {
  constructor() {
    super('not_found', 'Web push is not configured on this server');
  }
}
