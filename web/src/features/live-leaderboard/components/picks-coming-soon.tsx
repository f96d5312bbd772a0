import { PICK_MESSAGES } from '@powerpool/contracts';
import { Hourglass } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The 403 before the deadline: not an error, the picks are just not shown yet. */
export function PicksComingSoon({ text }: { text: string }) {
  return (
    <Card data-testid="picks-not-available">
      <CardHeader className="items-center text-center">
        <Hourglass className="size-8 text-primary" aria-hidden="true" />
        <CardTitle>{PICK_MESSAGES.picksNotAvailableTitle}</CardTitle>
        <CardDescription className="max-w-md">{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}
