import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { idFromRef, parseEvent, parseTeam, parseVenue, readSpread, readStatus, spreadFromDetails } from './parse.js';
import { eventSchema, scoreboardSchema, teamSchema, venueDocSchema, type EspnEvent } from './schemas.js';
import { toChicagoIso } from './time.js';

const event = (over: Record<string, unknown> = {}, comp: Record<string, unknown> = {}) =>
  eventSchema.parse({
    id: 401772510,
    date: '2025-09-05T00:20Z',
    name: 'Dallas Cowboys at Philadelphia Eagles',
    season: { year: 2025, type: 2 },
    week: { number: 1 },
    competitions: [
      {
        id: '401772510',
        date: '2025-09-05T00:20Z',
        status: { period: 4, displayClock: '0:00', type: { state: 'post', completed: true, name: 'STATUS_FINAL' } },
        competitors: [
          { id: '21', homeAway: 'home', score: '24', winner: true, team: { id: '21', abbreviation: 'PHI', shortDisplayName: 'Eagles' } },
          { id: '6', homeAway: 'away', score: 20, winner: false, team: { id: 6, abbreviation: 'DAL', shortDisplayName: 'Cowboys' } },
        ],
        venue: { id: '3806', fullName: 'Lincoln Financial Field' },
        ...comp,
      },
    ],
    ...over,
  });

describe('spread reading', () => {
  it('should keep ESPN sign when the odds carry spread', () => {
    expect(readSpread({ spread: 3.5, details: 'KC -3.5' }, 'LAC', 'KC')).toBe(3.5);
    expect(readSpread({ spread: -7.5, details: 'PHI -7.5' }, 'PHI', 'DAL')).toBe(-7.5);
    expect(readSpread({ spread: '-2.5' }, 'PIT', 'DAL')).toBe(-2.5);
  });

  it('should read the home line from details when 2022 odds have no spread', () => {
    expect(spreadFromDetails('BUF -2.5', 'LAR', 'BUF')).toBe(2.5);
    expect(spreadFromDetails('LAR -2.5', 'LAR', 'BUF')).toBe(-2.5);
    expect(spreadFromDetails('EVEN', 'LAR', 'BUF')).toBe(0);
    expect(spreadFromDetails('NYG -1', 'LAR', 'BUF')).toBeNull();
    expect(spreadFromDetails('garbage', 'LAR', 'BUF')).toBeNull();
  });

  it('should read pointSpread when spread is missing and give null when there are no odds', () => {
    expect(readSpread({ pointSpread: { home: { close: { line: '+3.5' } } } }, 'LAC', 'KC')).toBe(3.5);
    expect(readSpread(null, 'A', 'B')).toBeNull();
  });
});

describe('parsers', () => {
  it('should read a final game with string ids and scores and minute-precision times', () => {
    expect(parseEvent(event(), { year: 2025, seasonType: 2, espnWeek: 1 })).toMatchObject({
      espnId: '401772510',
      awayTeamEspnId: '6',
      homeScore: 24,
      awayScore: 20,
      winnerTeamEspnId: '21',
      gameStatus: 'COMPLETE',
      currentPeriod: 4,
      gameClock: null,
      gameTimeUtc: '2025-09-05T00:20:00.000Z',
      gameTimeCdt: '2025-09-04T19:20:00-05:00',
      venueEspnId: '3806',
    });
  });

  it('should use the requested week when the event has no week (2022) and skip the Pro Bowl', () => {
    const noWeek = event({ week: undefined, season: undefined });
    expect(parseEvent(noWeek, { year: 2022, seasonType: 3, espnWeek: 5 })?.weekNumber).toBe(22);
    expect(parseEvent(noWeek, { year: 2022, seasonType: 3, espnWeek: 4 })).toBeNull();
  });

  it('should keep a scheduled game without scores or winner', () => {
    const scheduled = event({}, { status: { period: 0, displayClock: '0:00', type: { state: 'pre', completed: false } } });
    expect(parseEvent(scheduled, { year: 2025, seasonType: 2, espnWeek: 1 })).toMatchObject({
      gameStatus: 'SCHEDULED',
      homeScore: null,
      winnerTeamEspnId: null,
      currentPeriod: null,
    });
  });

  it('should refuse an event without two competitors', () => {
    expect(() =>
      eventSchema.parse({ id: '1', date: 'x', competitions: [{ id: '1', date: 'x', status: { type: { state: 'pre' } }, competitors: [] }] }),
    ).toThrow(/two competitors/);
  });

  it('should pick team logos by rel and venue images by rel', () => {
    const team = parseTeam(
      teamSchema.parse({
        id: '1',
        abbreviation: 'ATL',
        displayName: 'Atlanta Falcons',
        shortDisplayName: 'Falcons',
        location: 'Atlanta',
        color: 'a71930',
        logos: [
          { href: 'dark.png', rel: ['full', 'dark'] },
          { href: 'default.png', rel: ['full', 'default'] },
        ],
      }),
    );
    expect(team).toMatchObject({ logoUrl: 'default.png', darkLogoUrl: 'dark.png', city: 'Atlanta', shortName: 'Falcons' });
    const venue = parseVenue(
      venueDocSchema.parse({ id: '5348', fullName: 'Mercedes-Benz Stadium', indoor: true, images: [{ href: 'in.jpg', rel: ['full', 'day', 'interior'] }] }),
    );
    expect(venue).toMatchObject({ exteriorImageUrl: null, interiorImageUrl: 'in.jpg', city: null, grass: null, indoor: true });
  });

  it('should read ids from refs on the internal host without following them', () => {
    expect(idFromRef('http://sports.core.api.espn.pvt/v2/sports/football/leagues/nfl/venues/3622?lang=en&region=us', 'venues')).toBe('3622');
    expect(idFromRef('http://x/teams/12', 'venues')).toBeNull();
  });

  it('should render Chicago time across daylight saving', () => {
    expect(toChicagoIso('2025-12-15T18:00:00.000Z')).toBe('2025-12-15T12:00:00-06:00');
  });
});

/** One event of a recorded scoreboard (fixtures/espn), as the client reads it. */
function recorded(file: string, espnId: string): EspnEvent {
  const doc = scoreboardSchema.parse(JSON.parse(readFileSync(new URL(`../../../fixtures/espn/${file}`, import.meta.url), 'utf8')));
  const found = doc.events.find((e) => e.id === espnId);
  if (!found) throw new Error(`${file} has no event ${espnId}`);
  return found;
}

/** A recorded event with its competition's status replaced (ESPN's `status` block: period, clock, type). */
function withStatus(base: EspnEvent, status: Record<string, unknown>): EspnEvent {
  const raw = structuredClone(base) as unknown as { competitions: Array<Record<string, unknown>> };
  raw.competitions[0]!.status = status;
  return eventSchema.parse(raw);
}

const WEEK_1 = { year: 2025, seasonType: 2, espnWeek: 1 };
const WEEK_17 = { year: 2025, seasonType: 2, espnWeek: 17 };
// Recorded: DAL at PHI final 20-24, KC at LAC scheduled (week 1); LAR at ATL live 0-7 in the 1st (week 17).
const FINAL = () => recorded('scoreboard-2025-reg-week01-mixed-1final-15scheduled.json', '401772510');
const SCHEDULED = () => recorded('scoreboard-2025-reg-week01-mixed-1final-15scheduled.json', '401772714');
const LIVE = () => recorded('scoreboard-2025-reg-week17-inprogress.json', '401772825');

// Status types the recordings do not show (ENDPOINTS.md: "Not observed"), in the shape of the
// recorded ones. A game called off before kickoff keeps period 0 and "0" scores, as scheduled games do.
const type = (name: string, state: string, completed: boolean, detail: string) => ({
  name,
  state,
  completed,
  description: detail,
  detail,
  shortDetail: detail,
});
const beforeKickoff = (t: ReturnType<typeof type>) => ({ clock: 0, displayClock: '0:00', period: 0, type: t });

describe('game status by the game rules', () => {
  it('should read COMPLETE with scores and winner when the recorded game is final', () => {
    expect(parseEvent(FINAL(), WEEK_1)).toMatchObject({
      gameStatus: 'COMPLETE',
      homeScore: 24,
      awayScore: 20,
      winnerTeamEspnId: '21',
      currentPeriod: 4,
      gameClock: null,
    });
  });

  it('should read COMPLETE when the game is final after overtime', () => {
    const ot = { clock: 0, displayClock: '0:00', period: 5 };
    expect(parseEvent(withStatus(FINAL(), { ...ot, type: type('STATUS_FINAL', 'post', true, 'Final/OT') }), WEEK_1)).toMatchObject({
      gameStatus: 'COMPLETE',
      currentPeriod: 5,
      winnerTeamEspnId: '21',
    });
    expect(parseEvent(withStatus(FINAL(), { ...ot, type: type('STATUS_FINAL_OVERTIME', 'post', true, 'Final/OT') }), WEEK_1)?.gameStatus).toBe('COMPLETE');
  });

  it('should read IN_PROGRESS with score and clock when the recorded game is live, at halftime or delayed during play', () => {
    expect(parseEvent(LIVE(), WEEK_17)).toMatchObject({
      gameStatus: 'IN_PROGRESS',
      homeScore: 7,
      awayScore: 0,
      currentPeriod: 1,
      gameClock: '4:11',
      winnerTeamEspnId: null,
    });
    const halftime = withStatus(LIVE(), { clock: 0, displayClock: '0:00', period: 2, type: type('STATUS_HALFTIME', 'in', false, 'Halftime') });
    expect(parseEvent(halftime, WEEK_17)).toMatchObject({ gameStatus: 'IN_PROGRESS', homeScore: 7, currentPeriod: 2 });
    const delayed = withStatus(LIVE(), { clock: 251, displayClock: '4:11', period: 1, type: type('STATUS_DELAYED', 'in', false, 'Delayed') });
    expect(parseEvent(delayed, WEEK_17)).toMatchObject({ gameStatus: 'IN_PROGRESS', homeScore: 7 });
  });

  it('should read SCHEDULED without scores when the recorded game is to come or delayed before kickoff', () => {
    expect(parseEvent(SCHEDULED(), WEEK_1)).toMatchObject({
      gameStatus: 'SCHEDULED',
      homeScore: null,
      awayScore: null,
      currentPeriod: null,
      winnerTeamEspnId: null,
    });
    const delayed = withStatus(SCHEDULED(), beforeKickoff(type('STATUS_DELAYED', 'pre', false, 'Delayed')));
    expect(parseEvent(delayed, WEEK_1)).toMatchObject({ gameStatus: 'SCHEDULED', homeScore: null });
  });

  it('should read CANCELLED without scores or winner when ESPN cancels a game before kickoff', () => {
    for (const name of ['STATUS_CANCELED', 'STATUS_CANCELLED']) {
      const cancelled = withStatus(SCHEDULED(), beforeKickoff(type(name, 'post', false, 'Canceled')));
      expect(parseEvent(cancelled, WEEK_1), name).toMatchObject({
        gameStatus: 'CANCELLED',
        homeScore: null,
        awayScore: null,
        currentPeriod: null,
        gameClock: null,
        winnerTeamEspnId: null,
      });
    }
  });

  it('should read POSTPONED without scores or winner when ESPN postpones a game before kickoff', () => {
    const postponed = withStatus(SCHEDULED(), beforeKickoff(type('STATUS_POSTPONED', 'post', false, 'Postponed')));
    expect(parseEvent(postponed, WEEK_1)).toMatchObject({
      gameStatus: 'POSTPONED',
      homeScore: null,
      awayScore: null,
      currentPeriod: null,
      winnerTeamEspnId: null,
    });
  });

  it('should keep the score but give no winner and no clock when a game is called off after kickoff', () => {
    const stopped = { clock: 251, displayClock: '4:11', period: 1 };
    const suspended = withStatus(LIVE(), { ...stopped, type: type('STATUS_SUSPENDED', 'post', false, 'Suspended') });
    expect(parseEvent(suspended, WEEK_17)).toMatchObject({
      gameStatus: 'POSTPONED',
      homeScore: 7,
      awayScore: 0,
      currentPeriod: 1,
      gameClock: null,
      winnerTeamEspnId: null,
    });
    const cancelled = withStatus(LIVE(), { ...stopped, type: type('STATUS_CANCELED', 'post', false, 'Canceled') });
    expect(parseEvent(cancelled, WEEK_17)).toMatchObject({ gameStatus: 'CANCELLED', homeScore: 7, awayScore: 0, winnerTeamEspnId: null });
  });

  it('should give a cancelled game no winner when its competitors still carry winner flags', () => {
    // The recorded final has winner true on PHI; cancelled wins over it and over `completed`.
    const cancelled = withStatus(FINAL(), { clock: 0, displayClock: '0:00', period: 4, type: type('STATUS_CANCELED', 'post', true, 'Canceled') });
    expect(parseEvent(cancelled, WEEK_1)).toMatchObject({ gameStatus: 'CANCELLED', homeScore: 24, awayScore: 20, winnerTeamEspnId: null });
  });

  it('should never read COMPLETE when the state is post but the game is not completed', () => {
    const unknown = withStatus(FINAL(), { clock: 0, displayClock: '0:00', period: 4, type: type('STATUS_SOMETHING_NEW', 'post', false, 'Something new') });
    expect(parseEvent(unknown, WEEK_1)).toMatchObject({ gameStatus: 'POSTPONED', winnerTeamEspnId: null });
    expect(readStatus({ state: 'post', completed: false })).toBe('POSTPONED');
    expect(readStatus({ state: 'post', completed: null, name: null })).toBe('POSTPONED');
  });

  it('should map status by name first, then completion, then state', () => {
    const cases: Array<[Parameters<typeof readStatus>[0], string]> = [
      [{ state: 'pre', completed: false, name: 'STATUS_SCHEDULED' }, 'SCHEDULED'],
      [{ state: 'in', completed: false, name: 'STATUS_IN_PROGRESS' }, 'IN_PROGRESS'],
      [{ state: 'in', completed: false, name: 'STATUS_END_PERIOD' }, 'IN_PROGRESS'],
      [{ state: 'post', completed: true, name: 'STATUS_FINAL' }, 'COMPLETE'],
      [{ state: 'weird', completed: true }, 'COMPLETE'],
      [{ state: 'post', completed: false, name: 'STATUS_CANCELED' }, 'CANCELLED'],
      [{ state: 'pre', completed: false, name: 'STATUS_POSTPONED' }, 'POSTPONED'],
      [{ state: 'in', completed: false, name: 'STATUS_SUSPENDED' }, 'POSTPONED'],
      [{ state: 'weird' }, 'SCHEDULED'],
    ];
    expect(cases.map(([t]) => readStatus(t))).toEqual(cases.map(([, status]) => status));
  });
});

describe('status detail', () => {
  const detailOf = (event: EspnEvent, week = WEEK_17) => parseEvent(event, week)?.statusDetail;

  it('should give no detail when the recorded game is live, final or scheduled', () => {
    expect(detailOf(LIVE())).toBeNull();
    expect(detailOf(FINAL(), WEEK_1)).toBeNull();
    expect(detailOf(SCHEDULED(), WEEK_1)).toBeNull();
  });

  it('should say Halftime and End of each quarter when play breaks', () => {
    const halftime = withStatus(LIVE(), { clock: 0, displayClock: '0:00', period: 2, type: type('STATUS_HALFTIME', 'in', false, 'Halftime') });
    expect(parseEvent(halftime, WEEK_17)).toMatchObject({ gameStatus: 'IN_PROGRESS', statusDetail: 'Halftime', currentPeriod: 2 });
    const ends = [1, 2, 3, 4, 5].map((period) =>
      detailOf(withStatus(LIVE(), { clock: 0, displayClock: '0:00', period, type: type('STATUS_END_PERIOD', 'in', false, 'End of Period') })),
    );
    expect(ends).toEqual(['End of 1st', 'End of 2nd', 'End of 3rd', 'End of 4th', 'End of OT']);
  });

  it('should say Delayed before kickoff and during play, keeping the status the state gives', () => {
    const before = withStatus(SCHEDULED(), beforeKickoff(type('STATUS_DELAYED', 'pre', false, 'Delayed')));
    expect(parseEvent(before, WEEK_1)).toMatchObject({ gameStatus: 'SCHEDULED', statusDetail: 'Delayed', homeScore: null });
    const during = withStatus(LIVE(), { clock: 251, displayClock: '4:11', period: 1, type: type('STATUS_DELAYED', 'in', false, 'Delayed') });
    expect(parseEvent(during, WEEK_17)).toMatchObject({ gameStatus: 'IN_PROGRESS', statusDetail: 'Delayed', homeScore: 7 });
  });

  it('should say Final/OT when the game is final after overtime and Suspended when play is suspended', () => {
    const ot = withStatus(FINAL(), { clock: 0, displayClock: '0:00', period: 5, type: type('STATUS_FINAL_OVERTIME', 'post', true, 'Final/OT') });
    expect(parseEvent(ot, WEEK_1)).toMatchObject({ gameStatus: 'COMPLETE', statusDetail: 'Final/OT', currentPeriod: 5, homeScore: 24, awayScore: 20 });
    const suspended = withStatus(LIVE(), { clock: 251, displayClock: '4:11', period: 1, type: type('STATUS_SUSPENDED', 'post', false, 'Suspended') });
    expect(parseEvent(suspended, WEEK_17)).toMatchObject({ gameStatus: 'POSTPONED', statusDetail: 'Suspended' });
  });

  it('should give no detail to cancelled and postponed games', () => {
    expect(detailOf(withStatus(SCHEDULED(), beforeKickoff(type('STATUS_CANCELED', 'post', false, 'Canceled'))), WEEK_1)).toBeNull();
    expect(detailOf(withStatus(SCHEDULED(), beforeKickoff(type('STATUS_POSTPONED', 'post', false, 'Postponed'))), WEEK_1)).toBeNull();
  });

  it('should read every game of the recorded week-17 scoreboard with its detail', () => {
    const doc = scoreboardSchema.parse(
      JSON.parse(readFileSync(new URL('../../../fixtures/espn/scoreboard-2025-reg-week17-inprogress.json', import.meta.url), 'utf8')),
    );
    const games = doc.events.map((e) => parseEvent(e, WEEK_17)!);
    expect(new Set(games.map((g) => g.statusDetail))).toEqual(new Set([null]));
    expect(games.filter((g) => g.gameStatus === 'IN_PROGRESS').map((g) => g.espnId)).toEqual(['401772825']);
  });
});
