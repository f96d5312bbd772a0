import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths, routeMeta } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export function NotFoundRoute() {
  useDocumentMeta(routeMeta(paths.notFound));
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <p className="bg-gradient-to-br from-primary to-confidence-1 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent sm:text-8xl">404</p>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">The page you are looking for does not exist or may have been moved.</p>
      <Button asChild className="mt-2">
        <Link to={paths.home.getHref()}>Go to Home</Link>
      </Button>
    </div>
  );
}
