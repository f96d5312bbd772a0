import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScoreboard } from '../../src/ports/espn/parse.js';
import { scoreboardSchema } from '../../src/ports/espn/schemas.js';
import { gameDayScoreboard, gameDayStatus, gameDayWeekShiftDays, planRound, recordedGames } from './game-day.js';
import { startEspnReplay } from './server.js';

const WILD_CARD = JSON.parse(readFileSync(new URL('../../fixtures/espn/scoreboard-2025-post-week01-wildcard-final.json', import.meta.url), 'utf8'));
/** The recording without what the timeline never touches (leaders, statistics, broadcasts...), for the second-by-second walks. */
const SLIM = {
  ...WILD_CARD,
  leagues: [],
  events: WILD_CARD.events.map((e: any) => {
    const c = e.competitions[0];
    return {
      id: e.id,
      date: e.date,
      name: e.name,
      season: e.season,
      week: e.week,
      competitions: [
        {
          id: c.id,
          date: c.date,
          status: c.status,
          venue: c.venue,
          competitors: c.competitors.map((x: any) => ({
            id: x.id,
            homeAway: x.homeAway,
            score: x.score,
            winner: x.winner,
            linescores: x.linescores,
            team: x.team,
          })),
        },
      ],
    };
  }),
};
const ROUND = { year: 2025, seasonType: 3, espnWeek: 1 };
const T0 = Date.parse('2026-11-22T18:00:00Z');
const MINUTES = 10;

/** The round as the service's parser reads it at `at`. */
const gamesAt = (doc: any, at: number) => parseScoreboard(scoreboardSchema.parse(gameDayScoreboard(doc, T0, MINUTES, at)), ROUND);

/** Every second of the round, plus one before and one after. */
const instants = (minutes = MINUTES) => Array.from({ length: minutes * 60 + 3 }, (_, i) => T0 + (i - 1) * 1000);

/** The recording with one game going to overtime (a 5th linescore; the final scores tied after four). */
function withOvertime(): any {
  const doc = structuredClone(SLIM);
  const comp = doc.events.find((e: any) => e.id === '401772980').competitions[0];
  const phi = comp.competitors.find((c: any) => c.homeAway === 'home');
  const sf = comp.competitors.find((c: any) => c.homeAway === 'away');
  // Recorded SF 23 - PHI 19 in four; make it 19-19 after four and SF +6 in overtime.
  sf.linescores = [...sf.linescores.slice(0, 3), { value: 9, displayValue: '9', period: 4 }, { value: 6, displayValue: '6', period: 5 }];
  sf.score = '25';
  phi.linescores = [...phi.linescores, { value: 0, displayValue: '0', period: 5 }];
  return doc;
}

describe('the replayed game day', () => {
  it('should keep the recorded kickoff order and take exactly the given minutes from first kickoff to last final', () => {
    const plan = planRound(recordedGames(WILD_CARD), T0, MINUTES);
    const recordedOrder = [...recordedGames(WILD_CARD)].sort((a, b) => a.kickoff - b.kickoff).map((g) => g.espnId);
    expect([...plan].sort((a, b) => a.kickoff - b.kickoff).map((p) => p.game.espnId)).toEqual(recordedOrder);
    expect(Math.min(...plan.map((p) => p.kickoff))).toBe(T0);
    expect(Math.max(...plan.map((p) => p.kickoff + p.length))).toBeCloseTo(T0 + MINUTES * 60_000, 3);
  });

  it('should show every game scheduled before its kickoff and final with the recorded scores and winners after the round', () => {
    const before = gamesAt(WILD_CARD, T0 - 1000);
    expect(before.map((g) => g.gameStatus)).toEqual(Array(6).fill('SCHEDULED'));
    expect(before.every((g) => g.homeScore === null && g.awayScore === null)).toBe(true);
    const recorded = parseScoreboard(scoreboardSchema.parse(WILD_CARD), ROUND);
    const after = gamesAt(WILD_CARD, T0 + MINUTES * 60_000 + 1000);
    const result = (gs: typeof recorded) => gs.map((g) => [g.espnId, g.gameStatus, g.homeScore, g.awayScore, g.winnerTeamEspnId, g.statusDetail]);
    expect(result(after)).toEqual(result(recorded));
  });

  it('should move every game through the quarters in order with scores that never go backwards', () => {
    const ORDER = ['STATUS_SCHEDULED', 'STATUS_IN_PROGRESS', 'STATUS_END_PERIOD', 'STATUS_HALFTIME', 'STATUS_FINAL'];
    const seen = new Map<string, Array<{ name: string; period: number; home: number; away: number; detail: string }>>();
    for (const at of instants()) {
      const doc = gameDayScoreboard(SLIM, T0, MINUTES, at) as any;
      for (const e of doc.events) {
        const c = e.competitions[0];
        const list = seen.get(e.id) ?? [];
        const score = (side: string) => Number(c.competitors.find((x: any) => x.homeAway === side).score);
        list.push({ name: c.status.type.name, period: c.status.period, home: score('home'), away: score('away'), detail: c.status.type.shortDetail });
        seen.set(e.id, list);
      }
    }
    for (const [id, list] of seen) {
      for (let i = 1; i < list.length; i += 1) {
        const [a, b] = [list[i - 1]!, list[i]!];
        expect(b.home, id).toBeGreaterThanOrEqual(a.home);
        expect(b.away, id).toBeGreaterThanOrEqual(a.away);
        expect(b.period, id).toBeGreaterThanOrEqual(a.period);
      }
      const distinct = list.map((s) => `${s.name}:${s.period}`).filter((s, i, all) => s !== all[i - 1]);
      expect(distinct, id).toEqual([
        'STATUS_SCHEDULED:0',
        'STATUS_IN_PROGRESS:1',
        'STATUS_END_PERIOD:1',
        'STATUS_IN_PROGRESS:2',
        'STATUS_HALFTIME:2',
        'STATUS_IN_PROGRESS:3',
        'STATUS_END_PERIOD:3',
        'STATUS_IN_PROGRESS:4',
        'STATUS_FINAL:4',
      ]);
      expect(list.every((s) => ORDER.includes(s.name))).toBe(true);
      expect(list.map((s) => s.detail)).toContain('End of 3rd');
    }
  }, 30_000);

  it('should count the clock down within a quarter and show the quarter points from its midpoint', () => {
    const plan = planRound(recordedGames(WILD_CARD), T0, MINUTES);
    const lar = plan.find((p) => p.game.espnId === '401772979')!; // LAR at CAR: Q1 LAR 7, CAR 0
    const quarter = lar.length / 5; // 4 quarters + 2 breaks of 1/4 + halftime of 1/2
    const at = (fraction: number) =>
      (gameDayScoreboard(WILD_CARD, T0, MINUTES, lar.kickoff + quarter * fraction) as any).events.find((e: any) => e.id === '401772979').competitions[0];
    const clocks = [0.1, 0.3, 0.45, 0.6, 0.9].map((f) => at(f).status.clock as number);
    expect(clocks).toEqual([...clocks].sort((a, b) => b - a));
    expect(at(0.45).competitors.find((c: any) => c.homeAway === 'away').score).toBe('0');
    expect(at(0.55).competitors.find((c: any) => c.homeAway === 'away').score).toBe('7');
    expect(at(0.55).status.type).toMatchObject({ name: 'STATUS_IN_PROGRESS', state: 'in', completed: false });
    expect(at(0.55).status.type.detail).toMatch(/^\d+:\d{2} - 1st Quarter$/);
  });

  it('should play overtime after the 4th and end Final/OT with the recorded final when the recording has a 5th linescore', () => {
    const doc = withOvertime();
    const names = new Set<string>();
    for (const at of instants()) {
      const c = (gameDayScoreboard(doc, T0, MINUTES, at) as any).events.find((e: any) => e.id === '401772980').competitions[0];
      names.add(`${c.status.type.name}:${c.status.period}`);
    }
    expect([...names]).toEqual(expect.arrayContaining(['STATUS_END_PERIOD:4', 'STATUS_IN_PROGRESS:5', 'STATUS_FINAL_OVERTIME:5']));
    const last = gamesAt(doc, T0 + MINUTES * 60_000).find((g) => g.espnId === '401772980');
    expect(last).toMatchObject({ gameStatus: 'COMPLETE', statusDetail: 'Final/OT', homeScore: 19, awayScore: 25, currentPeriod: 5 });
  }, 30_000);

  it('should move the other recordings by whole weeks so the Wild Card week is current', () => {
    const recordedFirst = Date.parse('2026-01-10T21:30:00Z');
    const days = gameDayWeekShiftDays(recordedFirst, T0);
    expect(days % 7).toBe(0);
    expect(Math.abs(recordedFirst + days * 86_400_000 - T0)).toBeLessThanOrEqual(3.5 * 86_400_000);
  });

  it('should report each game and start the game day when asked, over HTTP too', async () => {
    let now = T0;
    const replay = await startEspnReplay({ gameDay: { minutes: 10, kickoffInMinutes: 15 }, now: () => now });
    try {
      expect(replay.gameDay.kickoffAt?.toISOString()).toBe(new Date(T0 + 15 * 60_000).toISOString());
      expect(replay.dateShiftDays % 7).toBe(0);
      const base = replay.siteUrl.replace(/\/site$/, '');
      const status = (await (await fetch(`${base}/__replay/game-day`)).json()) as any;
      expect(status).toMatchObject({ on: true, minutes: 10, kickoffAt: new Date(T0 + 15 * 60_000).toISOString() });
      expect(status.games.map((g: any) => g.status)).toEqual(Array(6).fill('STATUS_SCHEDULED'));

      now += 60_000;
      const started = await fetch(`${base}/__replay/game-day/start?kickoffInSeconds=30`, { method: 'POST' });
      expect(started.status).toBe(200);
      expect(replay.gameDay.kickoffAt?.toISOString()).toBe(new Date(now + 30_000).toISOString());
      now += 30_000 + 250;
      replay.gameDay.start();
      expect(replay.gameDay.kickoffAt?.getTime()).toBe(now + 750);
      now += 5_000;
      const board = scoreboardSchema.parse(await (await fetch(`${replay.siteUrl}/scoreboard?dates=2025&seasontype=3&week=1`)).json());
      const first = parseScoreboard(board, ROUND).find((g) => g.gameTimeUtc === new Date(replay.gameDay.kickoffAt!.getTime()).toISOString());
      expect(first).toMatchObject({ gameStatus: 'IN_PROGRESS', currentPeriod: 1 });
      const current = scoreboardSchema.parse(await (await fetch(`${replay.siteUrl}/scoreboard`)).json());
      expect(current.events.map((e) => e.id)).toEqual(board.events.map((e) => e.id));
      expect((await fetch(`${base}/__replay/game-day/start?kickoffInSeconds=soon`, { method: 'POST' })).status).toBe(400);
    } finally {
      await replay.close();
    }
  });

  it('should refuse to start a game day when the replay runs without game-day mode', async () => {
    const replay = await startEspnReplay();
    try {
      expect(replay.gameDay.kickoffAt).toBeNull();
      expect(replay.gameDay.status()).toEqual({ on: false });
      expect(() => replay.gameDay.start()).toThrow(/without game-day mode/);
      expect((await fetch(`${replay.siteUrl.replace(/\/site$/, '')}/__replay/game-day/start`, { method: 'POST' })).status).toBe(409);
    } finally {
      await replay.close();
    }
  });

  it('should say where each game stands', () => {
    const status = gameDayStatus(WILD_CARD, T0, MINUTES, T0 + MINUTES * 60_000);
    expect(status).toMatchObject({ on: true, endsAt: new Date(T0 + MINUTES * 60_000).toISOString() });
    if (status.on) expect(status.games.map((g) => g.status)).toEqual(Array(6).fill('STATUS_FINAL'));
  });
});
