import type { PublishedGame } from '@powerpool/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-error';
import { useVoidGame } from '@/features/weeks/api/void-game';
import { matchupText } from '@/features/weeks/lib/games';

/** The longest reason the server accepts (voidGameBodySchema). */
const REASON_MAX_LENGTH = 500;

/**
 * Rules a postponed game void (docs/week.md#void-ruling): every pick on it counts as a push. The reason is
 * required and recorded with the ruling.
 */
export function VoidGameDialog({ poolId, weekNumber, game, onClose }: { poolId: string; weekNumber: number; game: PublishedGame; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const voidGame = useVoidGame();
  const trimmed = reason.trim();

  function submit() {
    if (!trimmed) return;
    voidGame.mutate(
      { poolId, weekNumber, gameId: game.id, reason: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Game Ruled Void', description: `${matchupText(game)} counts as a push for every pick.` });
          onClose();
        },
        onError: (error) => toastFailure(error, { fallback: 'Failed to rule the game void' }),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Rule {matchupText(game)} void</DialogTitle>
            <DialogDescription>
              The game was postponed. Ruled void, it counts as a push for every pick in this pool. This is recorded with your reason and cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>Reason (required)</Label>
            <Textarea
              id={id}
              rows={3}
              required
              maxLength={REASON_MAX_LENGTH}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. Postponed to next week by the league"
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!trimmed || voidGame.isPending}>
              {voidGame.isPending ? 'Ruling...' : 'Rule Void'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
