import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIGRATE_GAMES_STREAM_URL, MigrationStreamError, STREAM_CONNECTION_FAILED, STREAM_ERROR_DELAY_MS, migrateGames } from './migrate-games';

/** Stands in for the browser's EventSource (Node 20 has none); the test drives its events. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.({} as Event);
  }
}

function source(): FakeEventSource {
  if (!FakeEventSource.last) throw new Error('no EventSource opened');
  return FakeEventSource.last;
}

const validation = { passed: true, stagingCount: 53, productionCount: 53, weekValidationPassed: true, missingCount: 0, dataIntegrityPassed: true };

beforeEach(() => {
  FakeEventSource.last = undefined;
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('migrateGames', () => {
  it('should pass every event on and resolve with the result when the stream completes', async () => {
    const seen: string[] = [];
    const done = migrateGames({ onEvent: (event) => seen.push(event.type) });
    expect(source().url).toBe(MIGRATE_GAMES_STREAM_URL);
    expect(source().init).toEqual({ withCredentials: true });

    source().emit({ type: 'log', message: 'Migrating 53 staged games' });
    source().emit('not json');
    source().emit({ type: 'surprise' });
    source().emit({ type: 'complete', message: 'done', result: { created: 53, updated: 0, unchanged: 0, deleted: 0, validation } });

    await expect(done).resolves.toMatchObject({ type: 'complete', result: { created: 53, validation } });
    expect(seen).toEqual(['log', 'complete']);
    // Closed at once, so the browser does not reconnect and run a second migration.
    expect(source().closed).toBe(true);
  });

  it('should reject with the server message when the stream reports an error', async () => {
    const done = migrateGames();
    source().emit({ type: 'error', message: 'Teams must be migrated first' });
    await expect(done).rejects.toThrow(MigrationStreamError);
    await expect(done).rejects.toThrow('Teams must be migrated first');
    expect(source().closed).toBe(true);
  });

  it('should report the lost connection only after 2 seconds when the stream breaks before completing', async () => {
    vi.useFakeTimers();
    let outcome: unknown;
    const done = migrateGames().catch((error: unknown) => {
      outcome = error;
    });
    source().fail();
    expect(source().closed).toBe(true);

    await vi.advanceTimersByTimeAsync(STREAM_ERROR_DELAY_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe(STREAM_CONNECTION_FAILED);
  });

  it('should ignore the close that follows completion when the server ends the stream', async () => {
    const done = migrateGames();
    source().emit({ type: 'complete', message: 'done', result: { created: 0, updated: 0, unchanged: 53, deleted: 0, validation } });
    source().fail();
    await expect(done).resolves.toMatchObject({ type: 'complete' });
  });
});
