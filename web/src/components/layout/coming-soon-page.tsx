import { Construction } from 'lucide-react';
import { documentTitle } from '../../config/paths';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PageHeader } from './page-header';

/** Placeholder for a screen another issue builds: its title as the <h1> and a short line. */
export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(documentTitle(title));
  return (
    <>
      <PageHeader title={title} />
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-16 text-center">
        <Construction className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">This screen is coming soon.</p>
      </div>
    </>
  );
}
