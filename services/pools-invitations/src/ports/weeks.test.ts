import { afterEach, describe, expect, it, vi } from 'vitest';
import { RPC, type PoolsSummaryReply } from '@powerpool/contracts';
import { createMemoryBus, type Bus } from '@powerpool/service-kit';
import { createWeeksPort } from './weeks.js';

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

describe('weeks port over the bus', () => {
  let bus: Bus | undefined;
  afterEach(async () => {
    await bus?.close();
    vi.clearAllMocks();
  });

  it('should ask once per 1000 pools and merge the answers when there are more pools than one request may carry', async () => {
    bus = createMemoryBus();
    const asked: number[] = [];
    await bus.handle<{ poolIds: string[] }, PoolsSummaryReply>(
      RPC.weeksPoolsSummary,
      async ({ data }) => {
        asked.push(data.poolIds.length);
        return { pools: data.poolIds.map((poolId) => ({ poolId, weekNumber: 1, currentWeekState: 'SETUP', publishedGames: 0 })) };
      },
      { queue: 'weeks-workflow' },
    );
    const ids = Array.from({ length: 2500 }, (_, i) => `pool-${i}`);
    const summaries = await createWeeksPort({ bus, logger, timeoutMs: 1000 }).summary([...ids, 'pool-1']);
    expect(asked.sort((a, b) => a - b)).toEqual([500, 1000, 1000]);
    expect(summaries?.size).toBe(2500);
  });

  it('should answer an empty map without asking when there are no pools', async () => {
    bus = createMemoryBus();
    const request = vi.spyOn(bus, 'request');
    expect(await createWeeksPort({ bus, logger, timeoutMs: 1000 }).summary([])).toEqual(new Map());
    expect(request).not.toHaveBeenCalled();
  });

  it('should answer null and warn when nobody answers', async () => {
    bus = createMemoryBus();
    expect(await createWeeksPort({ bus, logger, timeoutMs: 1000 }).summary(['p'], { correlationId: 'c-1' })).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ subject: RPC.weeksPoolsSummary, pools: 1, correlationId: 'c-1' }),
      expect.stringContaining('did not answer'),
    );
  });

  it('should answer null and log an error when weeks-workflow fails', async () => {
    bus = createMemoryBus();
    await bus.handle(
      RPC.weeksPoolsSummary,
      async () => {
        throw new Error('boom');
      },
      { queue: 'weeks-workflow' },
    );
    expect(await createWeeksPort({ bus, logger, timeoutMs: 1000 }).summary(['p'])).toBeNull();
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ subject: RPC.weeksPoolsSummary }), expect.stringContaining('failed'));
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
