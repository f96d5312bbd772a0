import { ConflictError } from '@powerpool/service-kit';

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
