import { ConflictError, DomainError } from '@powerpool/service-kit';

export class CannotChangeOwnRoleError extends ConflictError {
  constructor() {
    super('cannot_change_own_role', 'You cannot change your own role. Ask another super admin.');
  }
}

export class ConfiguredSuperAdminError extends ConflictError {
  constructor() {
    super('configured_super_admin', 'This user is a super admin by configuration (SUPER_ADMIN_EMAILS); change the configuration to change their role.');
  }
}

/** The provider is unreachable or misconfigured. */
export class SignInUnavailableError extends DomainError {
  constructor() {
    super('sign_in_unavailable', 'The sign-in service is unavailable right now. Please try again in a moment.');
  }
}
