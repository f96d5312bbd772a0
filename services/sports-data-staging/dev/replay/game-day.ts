/**
 * The replay's game-day mode: a recorded round played in accelerated time (a dev and test tool).
 *
 * The 2025 Wild Card round (6 games, all final, with per-quarter linescores) is replayed so that
 * the whole round, first kickoff to last final, takes `minutes` of wall time:
 * - every game lasts GAME_SHARE of the round; the kickoffs keep their recorded order and relative
 *   spacing, compressed linearly into the rest, so the last game ends exactly at the end;
 * - a game goes quarter by quarter: STATUS_IN_PROGRESS with the clock counting down from 15:00 and
 *   each quarter's points (the recorded linescores) appearing at its midpoint, STATUS_END_PERIOD
 *   after the 1st and 3rd (and the 4th before overtime), STATUS_HALFTIME after the 2nd, then
 *   STATUS_FINAL, or STATUS_FINAL_OVERTIME ("Final/OT") when the recording has a 5th linescore;
 * - the final answer is the recording's: its scores and winners.
 * Pure functions over a clock value, so the timeline is testable without a server.
 */

/** The share of the round one game lasts (the rest spreads the kickoffs). */
export const GAME_SHARE = 0.4;
/** Lengths of a game's phases, in quarters: a break between quarters, halftime. */
const BREAK = 0.25;
const HALFTIME = 0.5;
const QUARTER_SECONDS = 15 * 60;

export interface GameDayOptions {
  /** Wall-time minutes from the first kickoff to the last final (default 10). */
  minutes?: number;
  /** Minutes from the replay's start to the first kickoff (default 15). */
  kickoffInMinutes?: number;
}

/** One game of the round as the game day plays it. */
export interface GameDayGameStatus {
  espnId: string;
  name: string;
  kickoffAt: string;
  finalAt: string;
  /** ESPN's status name now (STATUS_SCHEDULED .. STATUS_FINAL). */
  status: string;
  period: number;
  clock: string;
  homeScore: number | null;
  awayScore: number | null;
}

/** `GET /__replay/game-day`: where the game day stands. */
export type GameDayStatus = { on: false } | { on: true; now: string; minutes: number; kickoffAt: string; endsAt: string; games: GameDayGameStatus[] };

interface Side {
  score: number;
  lines: number[];
}

/** A recorded game, reduced to what the timeline needs. */
export interface RecordedGame {
  espnId: string;
  name: string;
  kickoff: number;
  home: Side;
  away: Side;
}

/** One phase of a game: a quarter being played, or a break after one. */
interface Phase {
  kind: 'quarter' | 'break';
  period: number;
  start: number;
  end: number;
}

/** What a game looks like at one instant. */
export interface GameMoment {
  name: 'STATUS_SCHEDULED' | 'STATUS_IN_PROGRESS' | 'STATUS_END_PERIOD' | 'STATUS_HALFTIME' | 'STATUS_FINAL' | 'STATUS_FINAL_OVERTIME';
  state: 'pre' | 'in' | 'post';
  completed: boolean;
  period: number;
  /** Seconds left in the period. */
  clock: number;
  homeScore: number;
  awayScore: number;
  /** Linescores of the periods started so far (the current one as it stands). */
  homeLines: number[];
  awayLines: number[];
}

/** The games of a recorded scoreboard document (each competitor's score and linescores). */
export function recordedGames(doc: any): RecordedGame[] {
  return (doc.events as any[]).map((event) => {
    const comp = event.competitions[0];
    const side = (homeAway: string): Side => {
      const c = comp.competitors.find((x: any) => x.homeAway === homeAway);
      return { score: Number(c.score), lines: (c.linescores ?? []).map((l: any) => Number(l.value)) };
    };
    return {
      espnId: String(event.id),
      name: String(event.name ?? event.id),
      kickoff: Date.parse(comp.date ?? event.date),
      home: side('home'),
      away: side('away'),
    };
  });
}

/** The plan of a round: each game's kickoff and length (ms since epoch), first kickoff at `firstKickoff` (a whole second). */
export function planRound(games: RecordedGame[], firstKickoff: number, minutes: number): Array<{ game: RecordedGame; kickoff: number; length: number }> {
  const total = minutes * 60_000;
  const first = Math.min(...games.map((g) => g.kickoff));
  const last = Math.max(...games.map((g) => g.kickoff));
  const length = last === first ? total : total * GAME_SHARE;
  const spread = total - length;
  // Kickoffs fall on whole seconds, as the served dates say them.
  const offset = (game: RecordedGame) => (last === first ? 0 : Math.round((((game.kickoff - first) / (last - first)) * spread) / 1000) * 1000);
  return games.map((game) => ({ game, kickoff: firstKickoff + offset(game), length }));
}

function phasesOf(game: RecordedGame): Phase[] {
  const overtime = game.home.lines.length > 4 || game.away.lines.length > 4;
  const parts: Array<[Phase['kind'], number, number]> = [
    ['quarter', 1, 1],
    ['break', 1, BREAK],
    ['quarter', 2, 1],
    ['break', 2, HALFTIME],
    ['quarter', 3, 1],
    ['break', 3, BREAK],
    ['quarter', 4, 1],
  ];
  if (overtime) parts.push(['break', 4, BREAK], ['quarter', 5, 1]);
  const units = parts.reduce((sum, [, , u]) => sum + u, 0);
  let at = 0;
  return parts.map(([kind, period, u]) => {
    const phase = { kind, period, start: at / units, end: (at + u) / units };
    at += u;
    return phase;
  });
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The game `game` (kicking off at `kickoff`, lasting `length` ms) at the instant `now`. */
export function gameMoment(game: RecordedGame, kickoff: number, length: number, now: number): GameMoment {
  const overtime = game.home.lines.length > 4 || game.away.lines.length > 4;
  if (now < kickoff)
    return {
      name: 'STATUS_SCHEDULED',
      state: 'pre',
      completed: false,
      period: 0,
      clock: QUARTER_SECONDS,
      homeScore: 0,
      awayScore: 0,
      homeLines: [],
      awayLines: [],
    };
  const progress = (now - kickoff) / length;
  if (progress >= 1) {
    return {
      name: overtime ? 'STATUS_FINAL_OVERTIME' : 'STATUS_FINAL',
      state: 'post',
      completed: true,
      period: overtime ? 5 : 4,
      clock: 0,
      homeScore: game.home.score,
      awayScore: game.away.score,
      homeLines: game.home.lines,
      awayLines: game.away.lines,
    };
  }
  const phase = phasesOf(game).find((p) => progress < p.end)!;
  const within = (progress - phase.start) / (phase.end - phase.start);
  const played = phase.kind === 'break' || within >= 0.5 ? phase.period : phase.period - 1;
  const lines = (side: Side) => side.lines.slice(0, phase.period).map((v, i) => (i < played ? v : 0));
  const homeLines = lines(game.home);
  const awayLines = lines(game.away);
  const base = { state: 'in' as const, completed: false, period: phase.period, homeScore: sum(homeLines), awayScore: sum(awayLines), homeLines, awayLines };
  if (phase.kind === 'break') return { ...base, name: phase.period === 2 ? 'STATUS_HALFTIME' : 'STATUS_END_PERIOD', clock: 0 };
  return { ...base, name: 'STATUS_IN_PROGRESS', clock: Math.max(0, Math.ceil(QUARTER_SECONDS * (1 - within))) };
}

const ORDINAL = ['1st', '2nd', '3rd', '4th'];
const periodName = (period: number) => (period > 4 ? 'OT' : ORDINAL[period - 1]!);
const displayClock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
const STATUS_IDS: Record<GameMoment['name'], string> = {
  STATUS_SCHEDULED: '1',
  STATUS_IN_PROGRESS: '2',
  STATUS_FINAL: '3',
  STATUS_FINAL_OVERTIME: '4',
  STATUS_END_PERIOD: '22',
  STATUS_HALFTIME: '23',
};

/** ESPN's `status` block for a moment, in the recorded shape (description, detail, shortDetail). */
export function espnStatus(moment: GameMoment, kickoff: number): Record<string, unknown> {
  let description: string;
  let detail: string;
  let shortDetail: string;
  switch (moment.name) {
    case 'STATUS_SCHEDULED': {
      const at = new Date(kickoff);
      const hhmm = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
      description = 'Scheduled';
      detail = `${at.toUTCString().slice(0, 16)} at ${hhmm} UTC`;
      shortDetail = `${at.getUTCMonth() + 1}/${at.getUTCDate()} - ${hhmm} UTC`;
      break;
    }
    case 'STATUS_IN_PROGRESS':
      description = 'In Progress';
      detail = `${displayClock(moment.clock)} - ${moment.period > 4 ? 'OT' : `${periodName(moment.period)} Quarter`}`;
      shortDetail = `${displayClock(moment.clock)} - ${periodName(moment.period)}`;
      break;
    case 'STATUS_END_PERIOD':
      description = 'End of Period';
      detail = moment.period > 4 ? 'End of OT' : `End of ${periodName(moment.period)} Quarter`;
      shortDetail = `End of ${periodName(moment.period)}`;
      break;
    case 'STATUS_HALFTIME':
      description = detail = shortDetail = 'Halftime';
      break;
    case 'STATUS_FINAL':
      description = detail = shortDetail = 'Final';
      break;
    case 'STATUS_FINAL_OVERTIME':
      description = 'Final';
      detail = shortDetail = 'Final/OT';
      break;
  }
  return {
    clock: moment.clock,
    displayClock: displayClock(moment.clock),
    period: moment.period,
    type: { id: STATUS_IDS[moment.name], name: moment.name, state: moment.state, completed: moment.completed, description, detail, shortDetail },
  };
}

/** ESPN's minute-or-second ISO form (`2026-01-10T21:30Z`, or with seconds when there are some). */
export function espnDate(ms: number): string {
  const iso = new Date(Math.round(ms / 1000) * 1000).toISOString();
  return iso.endsWith(':00.000Z') ? `${iso.slice(0, 16)}Z` : `${iso.slice(0, 19)}Z`;
}

/**
 * The recorded scoreboard `doc` (already date-shifted for its other fields) as the game day shows
 * it at `now`: every event's dates moved to its game-day kickoff, and its status, scores,
 * linescores and winners as of that instant. Returns a new document.
 */
export function gameDayScoreboard(doc: any, firstKickoff: number, minutes: number, now: number): unknown {
  const out = structuredClone(doc);
  const plan = planRound(recordedGames(doc), firstKickoff, minutes);
  for (const event of out.events as any[]) {
    const entry = plan.find((p) => p.game.espnId === String(event.id))!;
    const moment = gameMoment(entry.game, entry.kickoff, entry.length, now);
    const status = espnStatus(moment, entry.kickoff);
    const date = espnDate(entry.kickoff);
    event.date = date;
    event.status = status;
    const comp = event.competitions[0];
    comp.date = date;
    comp.startDate = date;
    comp.status = status;
    for (const c of comp.competitors as any[]) {
      const home = c.homeAway === 'home';
      const lines = home ? moment.homeLines : moment.awayLines;
      c.score = String(home ? moment.homeScore : moment.awayScore);
      c.linescores = lines.map((value, i) => ({ value, displayValue: String(value), period: i + 1 }));
      if (!moment.completed) delete c.winner;
    }
  }
  return out;
}

/** The game day's status at `now` (`GET /__replay/game-day`). */
export function gameDayStatus(doc: any, firstKickoff: number, minutes: number, now: number): GameDayStatus {
  const plan = planRound(recordedGames(doc), firstKickoff, minutes);
  return {
    on: true,
    now: new Date(now).toISOString(),
    minutes,
    kickoffAt: new Date(firstKickoff).toISOString(),
    endsAt: new Date(firstKickoff + minutes * 60_000).toISOString(),
    games: plan.map(({ game, kickoff, length }) => {
      const m = gameMoment(game, kickoff, length, now);
      const started = m.state !== 'pre';
      return {
        espnId: game.espnId,
        name: game.name,
        kickoffAt: new Date(kickoff).toISOString(),
        finalAt: new Date(kickoff + length).toISOString(),
        status: m.name,
        period: m.period,
        clock: displayClock(m.clock),
        homeScore: started ? m.homeScore : null,
        awayScore: started ? m.awayScore : null,
      };
    }),
  };
}

/** Whole days (a multiple of 7) that move `recordedFirstKickoff` to the week of `firstKickoff`. */
export function gameDayWeekShiftDays(recordedFirstKickoff: number, firstKickoff: number): number {
  return Math.round((firstKickoff - recordedFirstKickoff) / (7 * 86_400_000)) * 7;
}
