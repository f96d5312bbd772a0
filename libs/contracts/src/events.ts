import { z } from 'zod';
import { userSchema } from './identity.js';
import { SPORTS_EVENTS } from './sports.events.js';
import { POOL_EVENTS } from './pools.events.js';
import { WEEK_EVENTS } from './weeks.events.js';
import { PICKS_EVENTS } from './picks.events.js';

/**
 * Events are named `<service>.<entity>.<past-tense verb>` and carried on JetStream (they must not
 * be lost). Request/reply subjects live under `rpc.<service>.` and are never captured by the stream.
 */
export const EVENT_STREAM = {
  name: 'POWERPOOL_EVENTS',
  /**
   * Subjects captured by the stream: every event subject of every service. `scoring.>` is retired
   * (picks-scoring's events were renamed `picks.week.calculated` and `picks.standings.changed`) but
   * still captured: during a rolling upgrade an older replica writes them to its outbox, and a row
   * whose subject no stream captured would fail to publish and hold up every event behind it.
   * Nothing consumes them. Drop it once no deployment runs a picks-scoring that emits them.
   */
  subjects: ['identity.>', 'pools.>', 'picks.>', 'weeks.>', 'sports.>', 'scoring.>'],
} as const;

/** A user snapshot: consumers upsert by id and keep the newest `updatedAt` (events may repeat). */
const userEventSchema = z.object({ user: userSchema });

export const EVENTS = {
  'identity.user.registered': userEventSchema,
  'identity.user.profile-changed': userEventSchema,
  'identity.user.role-changed': userEventSchema.extend({ previousRole: z.string() }),
  'identity.user.payment-changed': userEventSchema,
  /** A session ended (sign-out or expiry): gateways drop it from their cache. */
  'identity.session.ended': z.object({ sessionIdHash: z.string(), userId: z.string() }),
  ...POOL_EVENTS,
  ...SPORTS_EVENTS,
  ...WEEK_EVENTS,
  ...PICKS_EVENTS,
} as const;
export type EventSubject = keyof typeof EVENTS;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EVENTS)[S]>;

/** Request/reply subjects (NATS core, queue groups per service). */
export const RPC = {
  /** gateway -> identity: who does this session id belong to? */
  resolveSession: 'rpc.identity.session.resolve',
  /** -> sports-data-staging: refresh one week's odds / scores from ESPN (refreshWeekRequestSchema). */
  sportsRefreshOdds: 'rpc.sports.week.refresh-odds',
  sportsRefreshScores: 'rpc.sports.week.refresh-scores',
  /** -> weeks-workflow: each pool's current week state and published game count (poolsSummaryRequestSchema). */
  weeksPoolsSummary: 'rpc.weeks.pools.summary',
  /** -> pools-invitations: a pool and one person's membership (poolAccessRequestSchema), to check a refusal made on a lagging copy. */
  poolsPoolAccess: 'rpc.pools.pool.access',
  /** -> weeks-workflow: one pool week in the shape of its events (weekGetRequestSchema), to catch up a lagging copy. */
  weeksWeekGet: 'rpc.weeks.week.get',
  /** -> picks-scoring: picks that completing a week on these results would leave without a result (unscoredPicksRequestSchema). */
  scoringUnscoredPicks: 'rpc.picks.week.unscored-picks',
  /** -> picks-scoring: each player's points and rank of a completed week (weekResultsRequestSchema), for the week-results message. */
  scoringWeekResults: 'rpc.picks.week.results',
  /** -> picks-scoring: each player's latest save of a week in the shape of picks.picks.saved (weekSavesRequestSchema), to catch up a lagging copy before sending. */
  scoringWeekSaves: 'rpc.picks.week.saves',
} as const;
