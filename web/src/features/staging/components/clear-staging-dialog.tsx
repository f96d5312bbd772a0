import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Trash2 } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';

/** "Clear Staging" with a confirmation first: staging is emptied, production is not touched. */
export function ClearStagingDialog({ disabled, pending, onConfirm }: { disabled: boolean; pending: boolean; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" disabled={disabled || pending} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          {pending ? 'Clearing...' : 'Clear Staging'}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-lg">
          <AlertDialog.Title className="text-lg font-semibold">Clear staging data?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            This removes every staged team and game of the 2025 NFL Season. Production data is not affected. You can import again at any time.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses({ variant: 'destructive' })} onClick={onConfirm}>
              Clear Staging Data
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
