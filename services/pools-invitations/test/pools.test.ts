import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSeasonYear, nearestPoolYear } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import { buildPool, call, castOf, eventSeen, startPools, type Person, type PoolsHarness } from './helpers.js';

const skip = await integrationSkipReason();

describe.skipIf(skip)('pools: create, activate, read', () => {
  let h: PoolsHarness;
  let commissioner: Person;
  let otherCommissioner: Person;
  let admin: Person;
  let player: Person;

  beforeAll(async () => {
    h = await startPools();
    ({ commissioner, otherCommissioner, admin, player } = await castOf(h));
  });
  afterAll(async () => h?.close());

  describe('POST /api/pools', () => {
    it('should apply every default and make the creator commissioner and admin member when only a name is given', async () => {
      const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: '  Sunday Funday  ' } });
      expect(res.statusCode).toBe(201);
      const pool = res.json();
      expect(pool).toMatchObject({
        name: 'Sunday Funday',
        description: null,
        // No season in production here: the calendar's season (seasons.test.ts has the cases).
        year: nearestPoolYear(calendarSeasonYear(h.clock.now)),
        allowsPreseason: false,
        allowsRegularSeason: true,
        allowsPostseason: false,
        maxMembers: 50,
        isPublic: false,
        poolType: 'standard',
        isActive: true,
        poolCommissionerId: commissioner.id,
      });
      expect(pool.slug).toMatch(/^sunday-funday(-\d+)?$/);
      const members = await call(h, { method: 'GET', url: `/api/pools/${pool.id}/members/details`, who: commissioner });
      expect(members.json()).toEqual([expect.objectContaining({ userId: commissioner.id, role: 'admin', isActive: true, name: 'Casey Commish' })]);
      const created = await eventSeen(h, 'pools.pool.created', (d) => d.pool.id === pool.id);
      expect(created.pool).toEqual(pool);
      await eventSeen(h, 'pools.member.joined', (d) => d.member.poolId === pool.id && d.member.userId === commissioner.id && d.member.role === 'admin');
    });

    it('should keep every given field when the body is complete', async () => {
      const body = {
        name: 'Full Pool',
        description: 'All the fields',
        year: 2024,
        allowsPreseason: true,
        allowsRegularSeason: false,
        allowsPostseason: true,
        maxMembers: 1000,
        isPublic: true,
        slug: 'full-pool-custom',
        poolType: 'private',
      };
      const res = await call(h, { method: 'POST', url: '/api/pools', who: admin, payload: body });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ ...body, poolCommissionerId: admin.id });
    });

    it.each([
      ['My Awesome Pool!', 'my-awesome-pool'],
      ["Joe's   Pool -- 2025", 'joes-pool----2025'],
      ['Über Pool', 'ber-pool'],
      ['!!!', 'pool'],
    ])('should derive the slug from the name when the slug is blank (%s)', async (name, slug) => {
      const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name, slug: '' } });
      expect(res.statusCode).toBe(201);
      expect(res.json().slug).toMatch(new RegExp(`^${slug}(-\\d+)?$`));
    });

    it('should add a numeric suffix when the derived slug is already taken', async () => {
      const a = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'Twin Pool' } });
      const b = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'Twin Pool' } });
      const c = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'twin pool' } });
      expect([a.json().slug, b.json().slug, c.json().slug]).toEqual(['twin-pool', 'twin-pool-2', 'twin-pool-3']);
    });

    it('should answer 409 slug_taken when an explicit slug is already used', async () => {
      await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'First', slug: 'Taken Slug' } });
      const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'Second', slug: 'taken-slug' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'slug_taken' });
    });

    it.each([
      [{ name: '   ' }, 'name', 'is required'],
      [{}, 'name', 'is required'],
      [{ name: 'P', year: 2023 }, 'year', 'must be 2024, 2025 or 2026'],
      [{ name: 'P', year: 2027 }, 'year', 'must be 2024, 2025 or 2026'],
      [{ name: 'P', maxMembers: 0 }, 'maxMembers', 'must be between 1 and 1000'],
      [{ name: 'P', maxMembers: 1001 }, 'maxMembers', 'must be between 1 and 1000'],
      [{ name: 'P', poolType: 'secret' }, 'poolType', expect.any(String)],
      [{ name: 'P', isPublic: 'yes' }, 'isPublic', 'must be true or false'],
    ])('should answer 400 naming the field when the body is %j', async (body, field, problem) => {
      const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', details: [{ field, problem }] });
    });

    it('should answer 403 when a player creates a pool', async () => {
      const res = await call(h, { method: 'POST', url: '/api/pools', who: player, payload: { name: 'Nope' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('forbidden');
    });

    it('should answer 401 when the caller is signed out', async () => {
      const res = await call(h, { method: 'POST', url: '/api/pools', who: null, payload: { name: 'Nope' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('weekly tiebreaker (docs/game.md#weekly-winners)', () => {
    it('should create a pool without a tiebreaker when none is chosen', async () => {
      const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'No Tiebreak' } });
      expect(res.json().weeklyTiebreaker).toBe('none');
    });

    it('should keep the chosen tiebreaker and announce it when a pool is created with one', async () => {
      const res = await call(h, {
        method: 'POST',
        url: '/api/pools',
        who: commissioner,
        payload: { name: 'Monday Night Tiebreak', weeklyTiebreaker: 'last_game_total' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().weeklyTiebreaker).toBe('last_game_total');
      const created = await eventSeen(h, 'pools.pool.created', (d) => d.pool.id === res.json().id);
      expect(created.pool.weeklyTiebreaker).toBe('last_game_total');
    });

    it('should answer 400 when the tiebreaker is not one the product offers', async () => {
      const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'Bad Tiebreak', weeklyTiebreaker: 'coin_flip' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', details: [{ field: 'weeklyTiebreaker' }] });
    });

    it('should change the tiebreaker and announce it when the commissioner or a super admin asks', async () => {
      const pool = await buildPool(h, commissioner);
      let res = await call(h, {
        method: 'PUT',
        url: `/api/pools/${pool.id}/weekly-tiebreaker`,
        who: commissioner,
        payload: { weeklyTiebreaker: 'last_game_total' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().weeklyTiebreaker).toBe('last_game_total');
      await eventSeen(h, 'pools.pool.updated', (d) => d.pool.id === pool.id && d.pool.weeklyTiebreaker === 'last_game_total');
      res = await call(h, { method: 'PUT', url: `/api/pools/${pool.id}/weekly-tiebreaker`, who: admin, payload: { weeklyTiebreaker: 'none' } });
      expect(res.json().weeklyTiebreaker).toBe('none');
    });

    it('should answer 403 when another commissioner or a player changes the tiebreaker', async () => {
      const pool = await buildPool(h, commissioner);
      for (const who of [otherCommissioner, player])
        expect(
          (await call(h, { method: 'PUT', url: `/api/pools/${pool.id}/weekly-tiebreaker`, who, payload: { weeklyTiebreaker: 'last_game_total' } })).statusCode,
        ).toBe(403);
    });
  });

  describe('PUT /api/pools/{poolId}/activate', () => {
    it('should activate an inactive pool and announce it when its commissioner asks', async () => {
      const pool = await buildPool(h, commissioner, { isActive: false });
      expect(pool.isActive).toBe(false);
      const res = await call(h, { method: 'PUT', url: `/api/pools/${pool.id}/activate`, who: commissioner });
      expect(res.statusCode).toBe(200);
      expect(res.json().isActive).toBe(true);
      await eventSeen(h, 'pools.pool.updated', (d) => d.pool.id === pool.id && d.pool.isActive === true);
    });

    it('should activate any pool when a super admin asks', async () => {
      const pool = await buildPool(h, commissioner, { isActive: false });
      const res = await call(h, { method: 'PUT', url: `/api/pools/${pool.id}/activate`, who: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().isActive).toBe(true);
    });

    it('should answer 403 when another commissioner or a player activates the pool', async () => {
      const pool = await buildPool(h, commissioner, { isActive: false });
      expect((await call(h, { method: 'PUT', url: `/api/pools/${pool.id}/activate`, who: otherCommissioner })).statusCode).toBe(403);
      expect((await call(h, { method: 'PUT', url: `/api/pools/${pool.id}/activate`, who: player })).statusCode).toBe(403);
    });

    it('should answer 404 when the pool does not exist', async () => {
      const res = await call(h, { method: 'PUT', url: '/api/pools/00000000-0000-4000-8000-000000000000/activate', who: admin });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('pool_not_found');
    });

    it('should answer 400 when the pool id is not an id', async () => {
      const res = await call(h, { method: 'PUT', url: '/api/pools/not-an-id/activate', who: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', details: [{ field: 'poolId' }] });
    });
  });

  describe('reading pools', () => {
    it("should list only the commissioner's own pools when a commissioner asks for owned pools", async () => {
      const mine = await buildPool(h, otherCommissioner);
      const res = await call(h, { method: 'GET', url: '/api/pools/owned', who: otherCommissioner });
      expect(res.statusCode).toBe(200);
      const ids = res.json().map((p: { id: string }) => p.id);
      expect(ids).toContain(mine.id);
      expect(res.json().every((p: { poolCommissionerId: string }) => p.poolCommissionerId === otherCommissioner.id)).toBe(true);
    });

    it('should list every pool when a super admin asks for owned pools', async () => {
      const theirs = await buildPool(h, otherCommissioner);
      const res = await call(h, { method: 'GET', url: '/api/pools/owned', who: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { id: string }) => p.id)).toContain(theirs.id);
    });

    it('should answer 403 when a player asks for owned pools', async () => {
      expect((await call(h, { method: 'GET', url: '/api/pools/owned', who: player })).statusCode).toBe(403);
    });

    it('should list the pools with their pool role when a user asks for their pools', async () => {
      const pool = await buildPool(h, commissioner);
      const res = await call(h, { method: 'GET', url: '/api/user/pools', who: commissioner });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual(expect.objectContaining({ id: pool.id, memberRole: 'admin' }));
      const none = await call(h, { method: 'GET', url: '/api/user/pools', who: player });
      expect(none.json()).toEqual([]);
    });

    it('should show a pool when its commissioner or a super admin asks and answer 403 when a non-member asks', async () => {
      const pool = await buildPool(h, commissioner);
      expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}`, who: commissioner })).json()).toMatchObject({ id: pool.id });
      expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}`, who: admin })).statusCode).toBe(200);
      expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}`, who: player })).statusCode).toBe(403);
      expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}`, who: otherCommissioner })).statusCode).toBe(403);
      expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}`, who: null })).statusCode).toBe(401);
    });
  });
});
