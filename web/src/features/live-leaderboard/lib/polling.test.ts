import { LIVE_POLL_INTERVAL_MS, LIVE_POLL_JITTER_MAX_MS, LIVE_POLL_JITTER_MIN_MS, LIVE_POLL_SCORING_FACTOR } from '@/config/live-leaderboard';
import { describe, expect, it } from 'vitest';
import { AFTER_DEADLINE_RETRY_MS, WAITING_FOLLOW_MS } from '@/lib/follow-week';
import { comingSoonRefetchInterval, liveRefetchInterval, pollJitter } from './polling';

describe('pollJitter', () => {
  it('should stay between the jitter bounds', () => {
    expect(pollJitter(() => 0)).toBe(LIVE_POLL_JITTER_MIN_MS);
    expect(pollJitter(() => 0.999999)).toBe(LIVE_POLL_JITTER_MAX_MS);
    expect(pollJitter(() => 0.5)).toBe((LIVE_POLL_JITTER_MIN_MS + LIVE_POLL_JITTER_MAX_MS) / 2);
  });
});

describe('liveRefetchInterval', () => {
  it('should poll every interval plus jitter when games are being played', () => {
    expect(liveRefetchInterval({ currentState: 'GAMES_IN_PROGRESS', gamesInProgress: true }, () => 0)).toBe(LIVE_POLL_INTERVAL_MS + LIVE_POLL_JITTER_MIN_MS);
  });

  it('should not poll in GAMES_IN_PROGRESS when no game is being played', () => {
    expect(liveRefetchInterval({ currentState: 'GAMES_IN_PROGRESS', gamesInProgress: false })).toBe(false);
  });

  it('should poll at twice the interval when the week is in SCORING', () => {
    expect(liveRefetchInterval({ currentState: 'SCORING', gamesInProgress: false })).toBe(LIVE_POLL_INTERVAL_MS * LIVE_POLL_SCORING_FACTOR);
  });

  it('should never poll in the other states or before the first reply', () => {
    for (const currentState of ['SETUP', 'PUBLISHED', 'COMPLETE'] as const) {
      expect(liveRefetchInterval({ currentState, gamesInProgress: true })).toBe(false);
    }
    expect(liveRefetchInterval(undefined)).toBe(false);
  });
});

describe('comingSoonRefetchInterval', () => {
  const now = Date.UTC(2026, 0, 10, 21);
  it('should ask every few seconds once the deadline has passed by the browser, until the server agrees', () => {
    expect(comingSoonRefetchInterval(new Date(now - 1).toISOString(), now)).toBe(AFTER_DEADLINE_RETRY_MS);
  });
  it('should ask rarely, never give up, while the deadline is ahead or unknown', () => {
    expect(comingSoonRefetchInterval(new Date(now + 3_600_000).toISOString(), now)).toBe(WAITING_FOLLOW_MS);
    expect(comingSoonRefetchInterval(null, now)).toBe(WAITING_FOLLOW_MS);
  });
});

describe('liveRefetchInterval of a published week', () => {
  const now = Date.UTC(2026, 0, 10, 21);
  it('should poll (when the stream fails) once its deadline has passed, not before', () => {
    expect(liveRefetchInterval({ currentState: 'PUBLISHED', gamesInProgress: false, pickDeadline: new Date(now - 1).toISOString() }, () => 0, now)).toBe(
      LIVE_POLL_INTERVAL_MS + LIVE_POLL_JITTER_MIN_MS,
    );
    expect(liveRefetchInterval({ currentState: 'PUBLISHED', gamesInProgress: false, pickDeadline: new Date(now + 1).toISOString() }, () => 0, now)).toBe(false);
  });
});
