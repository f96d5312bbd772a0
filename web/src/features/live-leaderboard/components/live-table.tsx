import { PICK_MESSAGES, pointsText, tiebreakerTotalOf, weekTitle } from '@powerpool/contracts';
import type { LiveGame, LivePick, LiveStanding } from '@powerpool/contracts';
import { LIVE_MOBILE_NOTICE_MS, LIVE_MOBILE_PAGE_SIZE_LIMIT, LIVE_PAGE_SIZES, type LivePageSize } from '@/config/live-leaderboard';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { ResponsiveColumn } from '@/components/ui/responsive-table';
import { SearchInput } from '@/components/ui/search-input';
import { toast } from '@/components/ui/use-toast';
import {
  confidencePick,
  DEFAULT_LIVE_SORT,
  defaultPageSize,
  filterStandings,
  LIVE_SORT_KEYS,
  needsMobileNotice,
  nextSort,
  pageButtons,
  paginate,
  powerPick,
  showingText,
  signed,
  sortStandings,
} from '@/features/live-leaderboard/lib/table';
import type { LiveSort, LiveSortKey } from '@/features/live-leaderboard/lib/table';
import { cn } from '@/utils/cn';
import { PickCell } from './pick-cell';

const viewportWidth = () => (typeof window === 'undefined' ? Infinity : window.innerWidth);

const SORT_LABELS: Record<LiveSortKey, string> = {
  seasonPoints: 'Season Pts',
  name: 'Name',
  threePt: '3pt',
  twoPt: '2pt',
  onePt: '1pt',
  power: 'Power',
};

/** Long headers of narrow number columns wrap onto two lines. */
const WRAP = 'w-16';

const POWER_EFFECT_TEXT = { x2: 'x2', x0: 'x0', push: 'push', none: 'none', pending: 'pending' } as const;

/**
 * The live standings (docs/screens.md#live-leaderboard): sortable, searchable, with players without picks
 * optionally hidden, paged (15, 25, 50, 100 or All), as a table from 1024 px (all ten columns fit
 * the width without a sideways scroll) and as cards below. A week with a tiebreaker game names it
 * above the predictions, with its total once it is final.
 */
export function LiveTable({
  standings,
  weekNumber,
  viewerId,
  tiebreakerGame,
  height,
}: {
  standings: readonly LiveStanding[];
  weekNumber: number;
  viewerId: string | undefined;
  /** The week's tiebreaker game (docs/game.md#weekly-winners), when it has one. */
  tiebreakerGame?: LiveGame | undefined;
  /** A fixed height in px (the demo's 600): the rows scroll inside it. */
  height?: number;
}) {
  const [sort, setSort] = useState<LiveSort>(DEFAULT_LIVE_SORT);
  const [search, setSearch] = useState('');
  const [showNoPicks, setShowNoPicks] = useState(true);
  const [pageSize, setPageSize] = useState<LivePageSize>(() => defaultPageSize(viewportWidth()));
  const [page, setPage] = useState(1);
  const sizeId = useId();
  const sortId = useId();

  const rows = useMemo(() => sortStandings(filterStandings(standings, { search, showNoPicks }), sort), [standings, search, showNoPicks, sort]);
  const shown = paginate(rows, pageSize, page);

  function choosePageSize(value: string) {
    const size = (value === 'all' ? 'all' : Number(value)) as LivePageSize;
    setPageSize(size);
    setPage(1);
    if (needsMobileNotice(size, viewportWidth())) {
      toast({
        title: PICK_MESSAGES.mobilePageSizeTitle,
        description: PICK_MESSAGES.mobilePageSize(LIVE_MOBILE_PAGE_SIZE_LIMIT),
        duration: LIVE_MOBILE_NOTICE_MS,
      });
    }
  }

  const sortable = (key: LiveSortKey) => ({
    direction: sort.key === key ? sort.direction : null,
    onSort: () => {
      setSort((current) => nextSort(current, key));
      setPage(1);
    },
  });

  // Phones: the four picks on one wrapped line of the card, each with its rank.
  const pickColumn = (key: LiveSortKey, header: string, pickOf: (s: LiveStanding) => LivePick | undefined): ResponsiveColumn<LiveStanding> => ({
    id: key,
    header,
    card: 'meta',
    sort: sortable(key),
    cell: (s) => <PickCell pick={pickOf(s)} />,
    cardCell: (s) => (
      <span className="inline-flex items-center gap-1">
        {header} <PickCell pick={pickOf(s)} />
      </span>
    ),
  });

  const columns: Array<ResponsiveColumn<LiveStanding>> = [
    {
      id: 'seasonPoints',
      header: 'Season Pts',
      card: 'aside',
      align: 'end',
      className: 'tabular-nums font-semibold',
      // One line where there is room; two ("Season / Pts") where the ten columns are tight (1024 px).
      headerClassName: '',
      sort: sortable('seasonPoints'),
      cell: (s) => s.seasonPoints,
      cardCell: (s) => <span className="text-lg font-bold tabular-nums">{pointsText(s.seasonPoints)}</span>,
    },
    {
      id: 'name',
      header: 'Name',
      card: 'title',
      sort: sortable('name'),
      cell: (s) => (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="min-w-7 text-xs text-muted-foreground tabular-nums">#{s.rank}</span>
          {/* A long name wraps at its spaces rather than pushing the scores out of sight. */}
          <span className="font-medium">{s.displayName}</span>
          {s.userId === viewerId ? <Badge variant="info">You</Badge> : null}
          {s.isWeekWinner ? (
            <Badge variant="success" data-testid="week-winner">
              {PICK_MESSAGES.weekWinner}
            </Badge>
          ) : null}
          {!s.hasPicks ? <span className="text-xs text-muted-foreground">(no picks)</span> : null}
        </span>
      ),
    },
    pickColumn('threePt', '3pt', (s) => confidencePick(s, 3)),
    pickColumn('twoPt', '2pt', (s) => confidencePick(s, 2)),
    pickColumn('onePt', '1pt', (s) => confidencePick(s, 1)),
    pickColumn('power', 'Power', powerPick),
    {
      id: 'rawPoints',
      header: 'Raw Pts',
      card: 'meta',
      align: 'end',
      className: 'tabular-nums',
      headerClassName: WRAP,
      cell: (s) => s.rawPoints,
      cardCell: (s) => `Raw ${s.rawPoints}`,
    },
    {
      id: 'powerBonus',
      header: 'Power Bonus',
      card: 'meta',
      align: 'end',
      className: 'tabular-nums',
      headerClassName: WRAP,
      cell: (s) => (
        <span className="grid justify-items-end" title={`Power pick: ${POWER_EFFECT_TEXT[s.powerEffect]}`}>
          <span>{signed(s.powerBonus)}</span>
          <span className="text-xs text-muted-foreground">{POWER_EFFECT_TEXT[s.powerEffect]}</span>
        </span>
      ),
      cardCell: (s) => `Power ${signed(s.powerBonus)} (${POWER_EFFECT_TEXT[s.powerEffect]})`,
    },
    {
      id: 'finalScore',
      header: 'Final Score',
      card: 'meta',
      align: 'end',
      className: 'tabular-nums whitespace-nowrap',
      headerClassName: WRAP,
      cell: (s) => (
        <span className="grid justify-items-end">
          <span className="font-bold">{s.weekPoints}</span>
          {s.possiblePointsRemaining > 0 ? (
            <span className="text-xs text-muted-foreground" data-testid="possible-points">
              up to +{s.possiblePointsRemaining}
            </span>
          ) : null}
        </span>
      ),
      cardCell: (s) => (
        <span className="font-semibold text-foreground">
          Final {s.weekPoints}
          {s.possiblePointsRemaining > 0 ? <span className="font-normal text-muted-foreground"> (up to +{s.possiblePointsRemaining} possible)</span> : null}
        </span>
      ),
    },
  ];
  // A week with a tiebreaker game (docs/game.md#weekly-winners): each player's predicted total.
  if (standings.some((s) => s.tiebreaker !== undefined)) {
    columns.push({
      id: 'tiebreaker',
      header: PICK_MESSAGES.tiebreakerLabel,
      card: 'meta',
      align: 'end',
      className: 'tabular-nums',
      headerClassName: WRAP,
      cell: (s) => <span data-testid="tiebreaker-cell">{s.tiebreaker ?? '-'}</span>,
      cardCell: (s) => `${PICK_MESSAGES.tiebreakerLabel} ${s.tiebreaker ?? '-'}`,
    });
  }

  return (
    <Card data-testid="live-table" style={height === undefined ? undefined : { height }} className={cn(height !== undefined && 'flex flex-col')}>
      <CardHeader className="gap-4 max-sm:p-4">
        <CardTitle>Live Leaderboard - Week {weekNumber}</CardTitle>
        {tiebreakerGame ? <TiebreakerGameLine game={tiebreakerGame} /> : null}
        <div className="flex flex-wrap items-end gap-3">
          <SearchInput
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            placeholder="Search users..."
            aria-label="Search users"
            wrapperClassName="w-full sm:w-64"
          />
          <CheckboxField
            label="Show players with no picks"
            checked={showNoPicks}
            onCheckedChange={(checked) => {
              setShowNoPicks(checked);
              setPage(1);
            }}
            className="self-center"
          />
          <div className="flex items-center gap-2">
            <Label htmlFor={sizeId}>Show:</Label>
            <NativeSelect id={sizeId} value={String(pageSize)} onChange={(e) => choosePageSize(e.target.value)} className="w-24" data-testid="page-size">
              {LIVE_PAGE_SIZES.map((size) => (
                <option key={size} value={String(size)}>
                  {size === 'all' ? 'All' : size}
                </option>
              ))}
            </NativeSelect>
          </div>
          {/* Phones have no column headers to click: the same sorts as a selector. */}
          <div className="flex items-center gap-2 lg:hidden">
            <Label htmlFor={sortId}>Sort:</Label>
            <NativeSelect
              id={sortId}
              value={`${sort.key}:${sort.direction}`}
              onChange={(e) => {
                const [key, direction] = e.target.value.split(':') as [LiveSortKey, LiveSort['direction']];
                setSort({ key, direction });
                setPage(1);
              }}
              className="w-44"
            >
              {LIVE_SORT_KEYS.flatMap((key) =>
                (['desc', 'asc'] as const).map((direction) => (
                  <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                    {SORT_LABELS[key]} {direction === 'asc' ? '↑' : '↓'}
                  </option>
                )),
              )}
            </NativeSelect>
          </div>
        </div>
      </CardHeader>
      <CardContent
        className={cn('grid gap-4 max-sm:px-4 max-sm:pb-4', height !== undefined && 'min-h-0 flex-1 content-start overflow-y-auto')}
        // A fixed height makes this box scroll (the demo's 600 px on a phone): a keyboard reaches
        // it with Tab and scrolls it with the arrows (WCAG 2.1.1, axe's scrollable-region-focusable).
        {...(height !== undefined ? { tabIndex: 0, role: 'region', 'aria-label': `Leaderboard standings, ${weekTitle(weekNumber)}` } : {})}
      >
        {shown.total === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{search ? `No users found matching "${search.trim()}"` : 'No players to show'}</p>
        ) : (
          <ResponsiveTable
            rows={shown.rows}
            columns={columns}
            rowKey={(s) => s.userId}
            label={`Live standings, ${weekTitle(weekNumber)}`}
            testId="live-standing"
            breakpoint="lg"
            className="min-w-0"
            dense
            maxHeightClassName={shown.all ? 'max-h-[70vh]' : undefined}
            rowClassName={(s) => (s.userId === viewerId ? 'bg-primary/5' : undefined)}
          />
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" data-testid="showing-text">
            {showingText(shown)}
          </p>
          {shown.pageCount > 1 ? (
            <nav aria-label="Leaderboard pages" className="flex flex-wrap items-center gap-1">
              <Button variant="outline" size="sm" onClick={() => setPage(shown.page - 1)} disabled={shown.page <= 1}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              {pageButtons(shown.page, shown.pageCount).map((n) => (
                <Button
                  key={n}
                  variant={n === shown.page ? 'default' : 'outline'}
                  size="sm"
                  className="min-w-9"
                  aria-current={n === shown.page ? 'page' : undefined}
                  onClick={() => setPage(n)}
                >
                  {n}
                </Button>
              ))}
              <Button variant="outline" size="sm" onClick={() => setPage(shown.page + 1)} disabled={shown.page >= shown.pageCount}>
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The tiebreaker game above the predictions (docs/game.md#weekly-winners): which game it is, then,
 * once it is final, the total the predictions are compared with (tiebreakerTotalOf); a void game
 * decides nothing.
 */
function TiebreakerGameLine({ game }: { game: LiveGame }) {
  const total = tiebreakerTotalOf(game);
  const name = `${game.awayTeamAbbr} @ ${game.homeTeamAbbr}`;
  return (
    <p className="text-sm text-muted-foreground" data-testid="tiebreaker-game-line">
      {PICK_MESSAGES.tiebreakerLabel}: <span className="font-medium text-foreground">{name}</span>
      {', '}
      {total !== null ? (
        <>
          final total{' '}
          <span className="font-semibold text-foreground tabular-nums" data-testid="tiebreaker-total">
            {total}
          </span>
        </>
      ) : game.isVoid ? (
        'void (equal top scores share the week)'
      ) : (
        'total when final'
      )}
    </p>
  );
}
