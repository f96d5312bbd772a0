/**
 * The recorded 2025 Wild Card round as the tests and benchmarks play it (week 19): four games with
 * the pool's spreads (home-relative), two players' picks and what the rules make of them.
 *
 *   401772979 LAR 34 @ CAR 31, CAR +10.5: 31 + 10.5 > 34, CAR covers
 *   401772981 GB 27 @ CHI 31,  CHI -1.5:  31 - 1.5 > 27, CHI covers
 *   401772977 BUF 27 @ JAX 24, JAX +3:    24 + 3 = 27, push
 *   401772980 SF 23 @ PHI 19,  PHI -4.5:  19 - 4.5 < 23, SF covers
 * Pat: CAR 3 (wins), GB 2 (loses), BUF 1 (push), power SF (wins): (3 + 0 + 0) x2 = 6.
 * Casey: LAR 3 (loses), CHI 2 (wins), SF 1 (wins), power JAX (push): (0 + 2 + 1) x1 = 3.
 */
import type { SignedIn } from './sign-in.js';

export const WILD_CARD_WEEK = 19;
export const WILD_CARD_SPREADS: Readonly<Record<string, number>> = { '401772979': 10.5, '401772981': -1.5, '401772977': 3, '401772980': -4.5 };
/** The recorded finals, "away-home". */
export const WILD_CARD_FINALS: Readonly<Record<string, string>> = { '401772979': '34-31', '401772981': '27-31', '401772977': '27-24', '401772980': '23-19' };

/** One pick: the game, the team picked (ESPN id) and the rank (0: the power pick). */
export type WildCardPick = readonly [gameId: string, teamEspnId: string, rank: number];
/** The dev players' picks (player@ is Pat Player, player2@ is Casey Second) and their week's points. */
export const WILD_CARD_PICKS = {
  pat: [
    ['401772979', '29', 3],
    ['401772981', '9', 2],
    ['401772977', '2', 1],
    ['401772980', '25', 0],
  ] as readonly WildCardPick[],
  casey: [
    ['401772979', '14', 3],
    ['401772981', '3', 2],
    ['401772980', '25', 1],
    ['401772977', '30', 0],
  ] as readonly WildCardPick[],
} as const;
export const WILD_CARD_POINTS = { 'Pat Player': 6, 'Casey Second': 3 } as const;

/** The body of POST /api/picks/batch for `picks` in a pool whose published games are `poolGameOf` (game id -> pool game id). */
export function wildCardBatch(poolId: string, poolGameOf: Readonly<Record<string, string>>, picks: readonly WildCardPick[]) {
  return {
    weekId: `2025:${WILD_CARD_WEEK}`,
    picks: picks.map(([gameId, team, rank]) => ({
      poolId,
      poolGameId: poolGameOf[gameId]!,
      gameEspnCompetitionId: gameId,
      selectedTeamEspnId: team,
      confidenceRank: rank,
      isPowerPick: rank === 0,
      weekNumber: WILD_CARD_WEEK,
    })),
  };
}

/**
 * The super admin's staging flow through the gateway (`admin` signed in as the super admin):
 * import `year`'s teams and games from the ESPN replay into staging, then push both to production.
 * The streamed steps answer 200 at once; how they ended is in their last event.
 */
export async function pushSeasonThroughGateway(admin: SignedIn, year = 2025): Promise<void> {
  const ok = async (what: string, res: Response) => {
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${text}`);
    return text;
  };
  for (const step of ['import-teams', 'import-games']) {
    const text = await ok(step, await admin.post(`/api/admin/unified-staging/${step}/1`, { year }));
    if (!text.includes('"type":"complete"')) throw new Error(`${step} did not complete: ${text.slice(-500)}`);
  }
  await ok('migrate-teams', await admin.post('/api/admin/unified-staging/migrate-teams/1'));
  await ok('migrate-games', await admin.get('/api/admin/unified-staging/migrate-games/1/stream'));
}
