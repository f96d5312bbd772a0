import { PICK_MESSAGES } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isPicksNotAvailable, liveErrorMessage, picksNotAvailableText } from './errors';

const body = (error: string, message: string) => JSON.stringify({ error, message });

describe('liveErrorMessage', () => {
  it("should give the server's message on a 403, else Access denied", () => {
    expect(liveErrorMessage(new ApiError(403, 'Forbidden', body('forbidden', 'Not your pool')))).toBe('Not your pool');
    expect(liveErrorMessage(new ApiError(403, 'Forbidden', ''))).toBe('Access denied');
  });

  it('should say the pool or week was not found on a 404', () => {
    expect(liveErrorMessage(new ApiError(404, 'Not Found', body('not_found', 'No such pool')))).toBe('Pool or week not found');
  });

  it('should name the status of any other failure', () => {
    expect(liveErrorMessage(new ApiError(500, 'Internal Server Error', ''))).toBe('Failed to fetch leaderboard: 500');
  });

  it('should fall back when the call never got a reply', () => {
    expect(liveErrorMessage(new TypeError('Failed to fetch'))).toBe(PICK_MESSAGES.liveErrorFallback);
  });
});

describe('picks not available', () => {
  const early = new ApiError(403, 'Forbidden', JSON.stringify({ error: 'picks_not_available', status: 'picks_not_available', message: 'Soon.' }));

  it('should tell the 403 before the deadline from other refusals', () => {
    expect(isPicksNotAvailable(early)).toBe(true);
    expect(isPicksNotAvailable(new ApiError(403, 'Forbidden', body('forbidden', 'No')))).toBe(false);
    expect(isPicksNotAvailable(new ApiError(404, 'Not Found', ''))).toBe(false);
  });

  it("should show the server's message, else the default", () => {
    expect(picksNotAvailableText(early)).toBe('Soon.');
    expect(picksNotAvailableText(new ApiError(403, 'Forbidden', ''))).toBe(PICK_MESSAGES.picksNotAvailable);
  });
});
