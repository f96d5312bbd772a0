import type { PublishedGame } from '@powerpool/contracts';
import { CircleSlash } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { ResponsiveColumn } from '@/components/ui/responsive-table';
import { coverText, gameBadgeOf, liveClock, matchupText, scoreText } from '@/features/weeks/lib/games';
import { spreadDisplay } from '@/features/weeks/lib/spreads';
import type { GridMode } from '@/features/weeks/lib/spreads';
import type { LivePublishedGame } from '@/lib/live-games';
import { formatKickoff } from '@/lib/dates';
import { GameStatusBadge } from './game-status-badge';
import { Matchup } from './matchup';
import { SpreadValue } from './spread-value';

interface PublishedGamesGridProps {
  /** With their pushed status, clock and scores while games are on. */
  games: readonly LivePublishedGame[];
  mode: Exclude<GridMode, 'setup'>;
  /** The page clock (epoch ms): a game past its kickoff shows In Progress in live mode. */
  now: number;
  label: string;
  /** Adds the Result column: who covered the locked spread. */
  showResult?: boolean;
  /** Offers "Rule void" on postponed games that are not void yet. */
  onRuleVoid?: (game: PublishedGame) => void;
}

const canRuleVoid = (game: PublishedGame) => game.status === 'POSTPONED' && !game.isVoid;

/** The pool's published games of a week: status, score, locked spread and, when asked, the result. */
export function PublishedGamesGrid({ games, mode, now, label, showResult = false, onRuleVoid }: PublishedGamesGridProps) {
  const columns: Array<ResponsiveColumn<LivePublishedGame>> = [
    {
      id: 'game',
      header: 'Game',
      card: 'title',
      cell: (game) => <Matchup away={game.awayTeam} home={game.homeTeam} />,
    },
    {
      id: 'kickoff',
      header: 'Kickoff (CT)',
      card: 'meta',
      className: 'whitespace-nowrap text-muted-foreground',
      cell: (game) => formatKickoff(game.gameTimeUtc),
    },
    {
      id: 'status',
      header: 'Status',
      card: 'meta',
      cell: (game) => (
        <span className="grid justify-items-start gap-1">
          <GameStatusBadge badge={gameBadgeOf(game, mode, now)} clock={liveClock(game)} />
          {game.isVoid && game.voidReason ? <span className="max-w-56 text-xs text-muted-foreground">{game.voidReason}</span> : null}
        </span>
      ),
    },
    {
      id: 'score',
      header: showResult ? 'Final Score' : 'Score',
      card: 'aside',
      className: 'whitespace-nowrap tabular-nums',
      // Phones: the score at the card's top right, nothing before there is one.
      cardCell: (game) => {
        const score = scoreText(game);
        return score ? <span className="text-lg font-bold tabular-nums">{score}</span> : null;
      },
      cell: (game) => {
        const score = scoreText(game);
        return score ? (
          <span className="font-semibold" aria-label={`${matchupText(game)}: ${score}`}>
            {score}
          </span>
        ) : (
          <span className="text-muted-foreground">No score yet</span>
        );
      },
    },
    {
      id: 'spread',
      header: 'Spread',
      card: 'field',
      cell: (game) => (
        <SpreadValue display={spreadDisplay(mode, game)} value={game.lockedSpread ?? game.espnSpread} home={game.homeTeam} away={game.awayTeam} />
      ),
    },
  ];
  if (showResult) {
    columns.push({
      id: 'result',
      header: 'Result',
      card: 'field',
      cell: (game) => {
        const text = coverText(game);
        const variant = game.isVoid ? 'outline' : game.cover === 'PUSH' ? 'warning' : game.cover ? 'success' : 'muted';
        return (
          <Badge variant={variant} data-testid="cover-result">
            {text}
          </Badge>
        );
      },
    });
  }
  if (onRuleVoid && games.some(canRuleVoid)) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      align: 'end',
      card: 'actions',
      cell: (game) =>
        canRuleVoid(game) ? (
          <Button size="sm" variant="outline" onClick={() => onRuleVoid(game)} aria-label={`Rule ${matchupText(game)} void`}>
            <CircleSlash aria-hidden="true" />
            Rule void
          </Button>
        ) : null,
    });
  }
  return <ResponsiveTable label={label} rows={games} rowKey={(game) => game.id} columns={columns} testId="week-game" breakpoint="lg" />;
}
