import { ConfirmDialog } from './ui/dialog';

const TEXT = {
  title: 'Leave without saving?',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/**
 * The question of `UnsavedChangesGuard` (docs/screens.md#unsaved-changes), loaded with the dialog's
 * code once the form first has changes: Stay keeps the page and its changes, Leave goes on.
 */
export function UnsavedChangesDialog({ open, description, onStay, onLeave }: { open: boolean; description: string; onStay: () => void; onLeave: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title={TEXT.title}
      description={description}
      cancelLabel={TEXT.stay}
      confirmLabel={TEXT.leave}
      destructive
      onConfirm={onLeave}
    />
  );
}
