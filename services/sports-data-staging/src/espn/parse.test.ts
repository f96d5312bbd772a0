import { describe, expect, it } from 'vitest';
import { idFromRef, parseEvent, parseTeam, parseVenue, readSpread, readStatus, spreadFromDetails } from './parse.js';
import { eventSchema, teamSchema, venueDocSchema } from './schemas.js';
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
    expect(parseEvent(scheduled, { year: 2025, seasonType: 2, espnWeek: 1 })).toMatchObject({ gameStatus: 'SCHEDULED', homeScore: null, winnerTeamEspnId: null, currentPeriod: null });
  });

  it('should refuse an event without two competitors', () => {
    expect(() => eventSchema.parse({ id: '1', date: 'x', competitions: [{ id: '1', date: 'x', status: { type: { state: 'pre' } }, competitors: [] }] })).toThrow(/two competitors/);
  });

  it('should map status by state and completion', () => {
    expect([readStatus('pre', false), readStatus('in', false), readStatus('post', true), readStatus('weird', true)]).toEqual(['SCHEDULED', 'IN_PROGRESS', 'COMPLETE', 'COMPLETE']);
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
    const venue = parseVenue(venueDocSchema.parse({ id: '5348', fullName: 'Mercedes-Benz Stadium', indoor: true, images: [{ href: 'in.jpg', rel: ['full', 'day', 'interior'] }] }));
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
