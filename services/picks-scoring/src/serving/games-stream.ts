import { EVENTS, type Game, type GameLiveState, type GamesStreamEvent } from '@powerpool/contracts';
import { eventFrame, type Bus, type EventStreamConnection, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { GameRow } from '../store/schema.js';
import type { PicksContext } from '../domain/context.js';

/**
 * The games of a season week pushed to browsers (GET /api/seasons/{year}/weeks/{weekNumber}/games/stream:
 * Make Picks cards, Manage Weeks), one hub per process: a snapshot from picks-scoring's games
 * projection on connect, then a `game` event per `sports.game.updated` of that week, heard on ONE
 * plain bus subscription per process (plain subscribers get the JetStream-published events too) and
 * fanned out to the week's connections, the frame serialized once. The newest `updatedAt` wins: an
 * older or repeated snapshot of a game is not sent.
 */

export interface GamesStreams {
  attach(connection: EventStreamConnection, year: number, weekNumber: number): Promise<() => void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const stateOfRow = (g: GameRow): GameLiveState => ({
  gameId: g.espnId,
  status: g.status,
  statusDetail: g.statusDetail,
  quarter: g.currentPeriod,
  clock: g.gameClock,
  homeScore: g.homeScore,
  awayScore: g.awayScore,
  gameTimeUtc: g.gameTimeUtc.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});

const stateOfGame = (g: Game): GameLiveState => ({
  gameId: g.espnId,
  status: g.gameStatus,
  statusDetail: g.statusDetail ?? null,
  quarter: g.currentPeriod,
  clock: g.gameClock,
  homeScore: g.homeScore,
  awayScore: g.awayScore,
  gameTimeUtc: new Date(g.gameTimeUtc).toISOString(),
  updatedAt: new Date(g.updatedAt).toISOString(),
});

interface Client {
  connection: EventStreamConnection;
  /** Until the snapshot is sent, the games heard meanwhile wait here. */
  waiting: GameLiveState[] | null;
}

interface SeasonWeek {
  clients: Set<Client>;
  /** The newest updatedAt sent per game (ms). */
  newest: Map<string, number>;
}

export function createGamesStreams(ctx: PicksContext, bus: Bus, logger: KitLogger): GamesStreams {
  const weeks = new Map<string, SeasonWeek>();
  let subscription: Subscription | null = null;
  const keyOf = (year: number, weekNumber: number) => `${year}:${weekNumber}`;

  function heard(game: Game): void {
    const week = weeks.get(keyOf(game.year, game.weekNumber));
    if (!week) return;
    const state = stateOfGame(game);
    const at = Date.parse(state.updatedAt);
    if ((week.newest.get(state.gameId) ?? -Infinity) >= at) return;
    week.newest.set(state.gameId, at);
    // Encoded (and, for compressed streams, deflated) once for every connection of the week.
    const frame = Buffer.from(eventFrame({ type: 'game', game: state } satisfies GamesStreamEvent));
    for (const client of week.clients) {
      if (client.waiting) client.waiting.push(state);
      else client.connection.write(frame);
    }
  }

  return {
    async attach(connection, year, weekNumber) {
      const key = keyOf(year, weekNumber);
      let week = weeks.get(key);
      if (!week) {
        week = { clients: new Set(), newest: new Map() };
        weeks.set(key, week);
      }
      const own = week;
      const client: Client = { connection, waiting: [] };
      own.clients.add(client);
      const detach = () => {
        own.clients.delete(client);
        if (own.clients.size === 0 && weeks.get(key) === own) weeks.delete(key);
      };
      try {
        const games = (await ctx.uow.read((store) => store.seasonWeekGames(year, weekNumber))).map(stateOfRow);
        const snapshotAt = new Map(games.map((g) => [g.gameId, Date.parse(g.updatedAt)]));
        for (const g of games) if ((own.newest.get(g.gameId) ?? -Infinity) < snapshotAt.get(g.gameId)!) own.newest.set(g.gameId, snapshotAt.get(g.gameId)!);
        connection.write(eventFrame({ type: 'snapshot', games } satisfies GamesStreamEvent));
        // Games heard while the snapshot was read: only what is newer than it.
        for (const g of client.waiting ?? []) {
          if ((snapshotAt.get(g.gameId) ?? -Infinity) < Date.parse(g.updatedAt))
            connection.write(eventFrame({ type: 'game', game: g } satisfies GamesStreamEvent));
        }
        client.waiting = null;
      } catch (err) {
        logger.error({ err, year, weekNumber }, 'games stream: could not read the snapshot');
        connection.end();
      }
      return detach;
    },
    async start() {
      const schema = EVENTS['sports.game.updated'];
      subscription = await bus.subscribe('sports.game.updated', (msg) => {
        const parsed = schema.safeParse(msg.data);
        if (parsed.success) heard(parsed.data.game);
        else logger.warn({ subject: msg.subject }, 'games stream: ignoring an event that does not match its contract');
      });
    },
    async stop() {
      await subscription?.unsubscribe();
      subscription = null;
    },
  };
}
