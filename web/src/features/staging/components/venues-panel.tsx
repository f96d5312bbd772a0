import type { Venue } from '@powerpool/contracts';
import { Building2, Download, Image, ImageOff, Landmark, MapPin, Sprout, Warehouse } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-error';
import { useVenueStats } from '@/features/staging/api/get-venue-stats';
import { useVenues } from '@/features/staging/api/get-venues';
import { useImportVenues } from '@/features/staging/api/import-venues';
import { Badge } from '@/components/ui/badge';
import { InlineError } from '@/components/layout/query-states';
import { EmptyState, Skeleton, StatTile } from './parts';

/** The Venues sub-tab: stats, the import action and the gallery (docs/screens.md#staging). */
export function VenuesPanel() {
  const importVenues = useImportVenues({
    onSuccess: ({ data }) => {
      toast({
        title: 'Venue Import Complete',
        description: `Imported ${data.imported}, updated ${data.updated}, skipped ${data.skipped} venues.`,
      });
    },
    onError: (error) => {
      toastFailure(error, { title: 'Import Failed', fallback: 'Unknown error occurred' });
    },
  });

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-4">
          <div className="space-y-1.5">
            <CardTitle>Venues</CardTitle>
            <CardDescription>Stadiums of the staged and production games, with ESPN's photos.</CardDescription>
          </div>
          <Button size="sm" onClick={() => importVenues.mutate()} disabled={importVenues.isPending}>
            <Download aria-hidden="true" />
            {importVenues.isPending ? 'Importing Venues...' : 'Import Venues'}
          </Button>
        </CardHeader>
        <CardContent>
          <VenueStatsTiles />
        </CardContent>
      </Card>
      <VenueGallery />
    </div>
  );
}

function VenueStatsTiles() {
  const stats = useVenueStats();
  if (stats.isPending) {
    return (
      <div role="status" aria-label="Loading venue stats" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-[68px]" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return <InlineError title="Unable to load venue stats" message={stats.error.message} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />;
  }
  const s = stats.data;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="venue-stats">
      <StatTile label="Total venues" value={s.total} icon={<Landmark />} />
      <StatTile label="With exterior images" value={s.withExteriorImages} icon={<Image />} />
      <StatTile label="With interior images" value={s.withInteriorImages} icon={<Image />} />
      <StatTile label="Indoor" value={s.indoorVenues} icon={<Warehouse />} />
      <StatTile label="Grass" value={s.grassVenues} icon={<Sprout />} />
    </div>
  );
}

function VenueGallery() {
  const venues = useVenues();
  if (venues.isPending) {
    return (
      <div role="status" aria-label="Loading venues" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-64 rounded-xl" />
        ))}
      </div>
    );
  }
  if (venues.isError) {
    return <InlineError title="Unable to load venues" message={venues.error.message} onRetry={() => void venues.refetch()} retrying={venues.isFetching} />;
  }
  if (venues.data.length === 0) {
    return <EmptyState icon={<Building2 aria-hidden="true" />}>No venues yet. Import games, then import venues.</EmptyState>;
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Venue gallery">
      {venues.data.map((venue) => (
        <VenueCard key={venue.espnVenueId} venue={venue} />
      ))}
    </ul>
  );
}

function VenueCard({ venue }: { venue: Venue }) {
  const place = [venue.city, venue.state].filter(Boolean).join(', ');
  return (
    <li className="overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="venue-card" aria-label={venue.fullName}>
      <div className="grid grid-cols-2 gap-px bg-border">
        <VenueImage url={venue.exteriorImageUrl} name={venue.fullName} view="Exterior" />
        <VenueImage url={venue.interiorImageUrl} name={venue.fullName} view="Interior" />
      </div>
      <div className="space-y-2 p-4">
        <h3 className="leading-tight font-semibold">{venue.fullName}</h3>
        {place ? (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            {place}
            {venue.zipCode ? ` ${venue.zipCode}` : ''}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1.5">
          {venue.indoor !== null ? <Badge variant="info">{venue.indoor ? 'Indoor' : 'Outdoor'}</Badge> : null}
          {venue.grass !== null ? <Badge variant={venue.grass ? 'success' : 'muted'}>{venue.grass ? 'Grass' : 'Turf'}</Badge> : null}
        </div>
      </div>
    </li>
  );
}

/** Is the URL on our own origin? The CSP allows images from 'self' only (no provider image host). */
const onOwnOrigin = (url: string) => new URL(url, window.location.href).origin === window.location.origin;

/**
 * One photo, or a tidy tile (icon and venue name) when there is no URL, the photo is on the
 * provider's host (not mirrored: the CSP allows our own origin only), or it fails to load, so the
 * gallery never shows a broken image.
 */
function VenueImage({ url, name, view }: { url: string | null; name: string; view: 'Exterior' | 'Interior' }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed || !onOwnOrigin(url)) {
    return (
      <div
        role="img"
        aria-label={`${name} ${view.toLowerCase()}: no image`}
        data-testid="venue-image-fallback"
        className="flex aspect-[4/3] flex-col items-center justify-center gap-1.5 bg-muted p-2 text-center text-muted-foreground"
      >
        {url ? <ImageOff className="size-6" aria-hidden="true" /> : <Building2 className="size-6" aria-hidden="true" />}
        <span className="line-clamp-2 text-xs font-medium">{name}</span>
        <span className="text-[10px] tracking-wide uppercase">{view}</span>
      </div>
    );
  }
  return (
    <div className="relative aspect-[4/3] bg-muted">
      <img
        src={url}
        alt={`${name} ${view.toLowerCase()}`}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="size-full object-cover"
        data-testid="venue-image"
      />
      <span className="absolute bottom-1.5 left-1.5 rounded bg-black/60 px-1.5 py-0.5 text-[10px] font-medium tracking-wide text-white uppercase">{view}</span>
    </div>
  );
}
