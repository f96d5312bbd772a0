import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { refusalTitle, retryNewPool } from './refusal';

const reply = (status: number, body: unknown) => new ApiError(status, 'x', JSON.stringify(body));

describe('refusalTitle', () => {
  it("should take the server's details.title, else the fallback", () => {
    const noGames = reply(400, { error: 'no_games_selected', message: 'Please select at least one game to publish', details: { title: 'No Games Selected' } });
    expect(refusalTitle(noGames, 'Transition Failed')).toBe('No Games Selected');
    expect(refusalTitle(reply(409, { error: 'invalid_transition', message: 'm', details: { from: 'SETUP' } }), 'Transition Failed')).toBe('Transition Failed');
    expect(refusalTitle(reply(409, { error: 'x', message: 'm', details: { title: 3 } }), 'Error')).toBe('Error');
    expect(refusalTitle(reply(409, { error: 'x', message: 'm', details: { title: ' ' } }), 'Error')).toBe('Error');
    expect(refusalTitle(reply(500, { error: 'x', message: 'm' }), 'Error')).toBe('Error');
    expect(refusalTitle(new TypeError('Failed to fetch'), 'Error')).toBe('Error');
  });
});

describe('retryNewPool', () => {
  it('should retry pool_not_found three times and nothing else', () => {
    const notYet = reply(404, { error: 'pool_not_found', message: 'Pool not found' });
    expect([0, 1, 2, 3].map((count) => retryNewPool(count, notYet))).toEqual([true, true, true, false]);
    expect(retryNewPool(0, reply(404, { error: 'week_not_found', message: 'm' }))).toBe(false);
    expect(retryNewPool(0, reply(403, { error: 'forbidden', message: 'm' }))).toBe(false);
    expect(retryNewPool(0, new TypeError('Failed to fetch'))).toBe(false);
  });
});
