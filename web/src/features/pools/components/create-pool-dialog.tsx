import {
  MAX_MEMBERS_DEFAULT,
  MAX_MEMBERS_MAX,
  MAX_MEMBERS_MIN,
  POOL_DESCRIPTION_MAX_LENGTH,
  POOL_NAME_MAX_LENGTH,
  POOL_YEARS,
  slugFromName,
  WEEKLY_TIEBREAKER_DEFAULT,
  WEEKLY_TIEBREAKERS,
} from '@powerpool/contracts';
import type { Pool, WeeklyTiebreaker } from '@powerpool/contracts';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  dialogFormClasses,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-error';
import { WEEKLY_TIEBREAKER_LABELS } from '@/lib/format';
import { useCreatePool } from '@/features/pools/api/create-pool';
import { usePoolDefaults } from '@/features/pools/api/get-pool-defaults';
import { fallbackPoolYear, parseMaxMembers } from '@/features/pools/lib/pool-form';

/** "Create New Pool" button and its form (docs/screens.md#pool-management). */
export function CreatePoolDialog({ onCreated }: { onCreated: (pool: Pool) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Create New Pool
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Create New Pool</DialogTitle>
          <DialogDescription>Set up a pool for a season. You become its commissioner.</DialogDescription>
        </DialogHeader>
        {/* The commissioner is a playing member of his pool, and his screens show every member's picks (docs/screens.md#pool-management). */}
        <p className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground" data-testid="commissioner-plays-note">
          You also play in this pool: you count in its pick completion, get its reminders and are ranked on its leaderboards. As its commissioner you can see
          every member&apos;s picks, before the picks deadline too, so tell your players.
        </p>
        {open ? (
          <CreatePoolForm
            onDone={(pool) => {
              setOpen(false);
              onCreated(pool);
            }}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CreatePoolForm({ onDone, onCancel }: { onDone: (pool: Pool) => void; onCancel: () => void }) {
  const ids = useId();
  const field = (name: string) => `${ids}-${name}`;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const defaults = usePoolDefaults();
  // The user's choice, else the server's default (the current season), else the calendar's.
  const [chosenYear, setYear] = useState<number | null>(null);
  const year = chosenYear ?? defaults.data?.year ?? fallbackPoolYear();
  const years = defaults.data?.years ?? POOL_YEARS;
  const [allowsPreseason, setAllowsPreseason] = useState(false);
  const [allowsRegularSeason, setAllowsRegularSeason] = useState(true);
  const [allowsPostseason, setAllowsPostseason] = useState(false);
  const [maxMembers, setMaxMembers] = useState(MAX_MEMBERS_DEFAULT);
  const [isPublic, setIsPublic] = useState(false);
  const [slug, setSlug] = useState('');
  const [weeklyTiebreaker, setWeeklyTiebreaker] = useState<WeeklyTiebreaker>(WEEKLY_TIEBREAKER_DEFAULT);
  const createPool = useCreatePool();

  const maxMembersValid = maxMembers >= MAX_MEMBERS_MIN && maxMembers <= MAX_MEMBERS_MAX;
  const canSubmit = name.trim().length > 0 && maxMembersValid && !createPool.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    createPool.mutate(
      {
        name: name.trim(),
        description: description.trim() || null,
        year,
        allowsPreseason,
        allowsRegularSeason,
        allowsPostseason,
        maxMembers,
        isPublic,
        slug: slug.trim() || null,
        weeklyTiebreaker,
      },
      {
        onSuccess: (pool) => {
          toast({ title: 'Success', description: 'Pool created successfully' });
          onDone(pool);
        },
        onError: (error) => {
          toastFailure(error, { fallback: 'Unknown error', describe: (text) => `Failed to create pool: ${text}` });
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className={dialogFormClasses}>
      <DialogBody className="grid content-start gap-5">
        <div className="grid gap-2">
          <Label htmlFor={field('name')}>
            Pool Name{' '}
            <span className="text-destructive" aria-hidden="true">
              *
            </span>
          </Label>
          <Input id={field('name')} value={name} onChange={(e) => setName(e.target.value)} maxLength={POOL_NAME_MAX_LENGTH} required autoFocus />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={field('description')}>Description</Label>
          <Textarea
            id={field('description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={POOL_DESCRIPTION_MAX_LENGTH}
            rows={2}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {/* content-start: the year's label and select stay put when the next cell is taller (its hint). */}
          <div className="grid content-start gap-2">
            <Label htmlFor={field('year')}>Season Year</Label>
            <NativeSelect id={field('year')} value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={field('maxMembers')}>Max Members</Label>
            <Input
              id={field('maxMembers')}
              type="number"
              inputMode="numeric"
              min={MAX_MEMBERS_MIN}
              max={MAX_MEMBERS_MAX}
              value={maxMembers}
              onChange={(e) => setMaxMembers(parseMaxMembers(e.target.value))}
              aria-invalid={!maxMembersValid}
              aria-describedby={field('maxMembers-hint')}
            />
            <p id={field('maxMembers-hint')} className={maxMembersValid ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'}>
              From {MAX_MEMBERS_MIN} to {MAX_MEMBERS_MAX}.
            </p>
          </div>
        </div>
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm font-medium">Season types</legend>
          <CheckboxField label="Preseason" checked={allowsPreseason} onCheckedChange={setAllowsPreseason} />
          <CheckboxField label="Regular Season" checked={allowsRegularSeason} onCheckedChange={setAllowsRegularSeason} />
          <CheckboxField label="Postseason" checked={allowsPostseason} onCheckedChange={setAllowsPostseason} />
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={field('weeklyTiebreaker')}>Weekly tiebreaker</Label>
          <NativeSelect
            id={field('weeklyTiebreaker')}
            value={weeklyTiebreaker}
            onChange={(e) => setWeeklyTiebreaker(e.target.value as WeeklyTiebreaker)}
            aria-describedby={field('weeklyTiebreaker-hint')}
          >
            {WEEKLY_TIEBREAKERS.map((t) => (
              <option key={t} value={t}>
                {WEEKLY_TIEBREAKER_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
          <p id={field('weeklyTiebreaker-hint')} className="text-xs text-muted-foreground">
            Decides a tie for the week&apos;s highest score: players predict the total points of the week&apos;s last game.
          </p>
        </div>
        <CheckboxField label="Public pool" hint="Public pools can be listed for anyone to see." checked={isPublic} onCheckedChange={setIsPublic} />
        <div className="grid gap-2">
          <Label htmlFor={field('slug')}>Slug (optional)</Label>
          <Input
            id={field('slug')}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
            placeholder={slugFromName(name) || 'derived-from-the-name'}
            aria-describedby={field('slug-hint')}
          />
          <p id={field('slug-hint')} className="text-xs text-muted-foreground">
            Left blank, it is derived from the name.
          </p>
        </div>
      </DialogBody>
      <DialogFooter className="-mx-6 border-t px-6 pt-4">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {createPool.isPending ? 'Creating...' : 'Create Pool'}
        </Button>
      </DialogFooter>
    </form>
  );
}
