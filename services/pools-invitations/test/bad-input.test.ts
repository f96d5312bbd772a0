import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_PROBLEM } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import { buildInvitation, buildPool, call, castOf, type Person, type PoolsHarness, startPools } from './helpers.js';

const skip = await integrationSkipReason();

/** What every refused control character answers: 400 naming the field. */
function refused(field: string) {
  return {
    error: 'validation_failed',
    message: expect.stringContaining(`${field} ${CONTROL_CHARACTERS_PROBLEM}`),
    details: expect.arrayContaining([{ field, problem: CONTROL_CHARACTERS_PROBLEM }]),
  };
}

/** Strings that have broken a parser, a router or a database somewhere before. */
const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  '\u202e',
  '%00',
  '%',
  "'; select 1; --",
  '\\',
  '../..',
  '{}',
  ' ',
  'x'.repeat(300),
];

/** Percent-encode for a path segment; a lone surrogate cannot be encoded, so send its UTF-8 bytes as they would arrive. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

describe.skipIf(skip)('bad input', () => {
  let h: PoolsHarness;
  let commissioner: Person;
  let admin: Person;
  let player: Person;
  let poolId: string;

  beforeAll(async () => {
    h = await startPools();
    ({ commissioner, admin, player } = await castOf(h));
    poolId = (await buildPool(h, commissioner)).id;
    const inv = await buildInvitation(h, commissioner, poolId);
    await call(h, { method: 'POST', url: `/api/invitations/${inv.invitationToken}/use`, who: player });
  });
  afterAll(async () => h?.close());

  it('should answer 400 naming the token when a signed-out caller reads an invitation whose token carries a NUL', async () => {
    for (const token of ['%00', 'abc%00def', '%00%00%00']) {
      const res = await call(h, { method: 'GET', url: `/api/invitations/${token}`, who: null });
      expect(res.statusCode, token).toBe(400);
      expect(res.json(), token).toEqual(refused('token'));
    }
  });

  it('should answer 400 naming the token when a signed-in caller uses an invitation whose token carries a NUL', async () => {
    const res = await call(h, { method: 'POST', url: '/api/invitations/abc%00def/use', who: player });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('token'));
  });

  it('should answer 400 naming the field when a text field of a body carries a NUL', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/api/pools', { name: 'a\u0000b' }, 'name'],
      ['POST', '/api/pools', { name: 'Fine', description: 'a\u0000b' }, 'description'],
      ['POST', '/api/pools', { name: 'Fine', slug: 'a\u0000b' }, 'slug'],
      ['POST', `/api/pools/${poolId}/invitations`, { notes: '\u0000' }, 'notes'],
      ['PATCH', `/api/pools/${poolId}/members/${player.id}`, { notes: 'a\u0000b' }, 'notes'],
      ['PATCH', `/api/pools/${poolId}/members/${player.id}`, { paymentNotes: 'a\u0000b' }, 'paymentNotes'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(h, { method: method as 'POST', url, who: commissioner, payload: body });
      expect(res.statusCode, `${method} ${url} ${field}`).toBe(400);
      expect(res.json(), `${method} ${url} ${field}`).toEqual(refused(field));
    }
  });

  it('should refuse other control characters in one-line names and in notes when they are not tab or newline', async () => {
    for (const name of ['bell\u0007', 'line\nbreak', 'tab\there', 'esc\u001b[31m', 'del\u007f']) {
      const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toEqual(refused('name'));
    }
    const bell = await call(h, { method: 'POST', url: `/api/pools/${poolId}/invitations`, who: commissioner, payload: { notes: 'ring\u0007' } });
    expect(bell.statusCode).toBe(400);
    expect(bell.json()).toEqual(refused('notes'));
  });

  it('should keep tabs and newlines when free text carries them', async () => {
    const description = 'Rules:\n\t1. pick three\r\n\t2. have fun';
    const pool = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'Multi-line Pool', description } });
    expect(pool.statusCode).toBe(201);
    expect(pool.json().description).toBe(description);
    const member = await call(h, {
      method: 'PATCH',
      url: `/api/pools/${poolId}/members/${player.id}`,
      who: commissioner,
      payload: { notes: 'paid\tcash\nthanks' },
    });
    expect(member.statusCode).toBe(200);
    expect(member.json().notes).toBe('paid\tcash\nthanks');
  });

  it('should never answer 500 when a path token, an id or a text field is an odd string', async () => {
    const answers: Array<{ what: string; status: number; body: unknown }> = [];
    const note = async (what: string, res: { statusCode: number; json(): unknown }) => answers.push({ what, status: res.statusCode, body: res.json() });
    for (const value of ODD_STRINGS) {
      const s = segment(value);
      const v = JSON.stringify(value).slice(0, 24);
      await note(`GET /api/invitations/${v}`, await call(h, { method: 'GET', url: `/api/invitations/${s}`, who: null }));
      await note(`POST /api/invitations/${v}/use`, await call(h, { method: 'POST', url: `/api/invitations/${s}/use`, who: player }));
      await note(`GET /api/pools/${v}`, await call(h, { method: 'GET', url: `/api/pools/${s}`, who: player }));
      await note(`GET /api/pools/${v}/members`, await call(h, { method: 'GET', url: `/api/pools/${s}/members`, who: admin }));
      await note(`PUT /api/invitations/${v}`, await call(h, { method: 'PUT', url: `/api/invitations/${s}`, who: commissioner, payload: { isActive: false } }));
      await note(`DELETE /api/admin/users/${v}/pools/${v}`, await call(h, { method: 'DELETE', url: `/api/admin/users/${s}/pools/${s}`, who: admin }));
      await note(`POST /api/pools name ${v}`, await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: value } }));
      await note(
        `POST /api/pools slug ${v}`,
        await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: `Odd ${answers.length}`, slug: value } }),
      );
      await note(
        `POST invitations ${v}`,
        await call(h, { method: 'POST', url: `/api/pools/${poolId}/invitations`, who: commissioner, payload: { notes: value, expiresAt: value } }),
      );
      await note(
        `PATCH member ${v}`,
        await call(h, { method: 'PATCH', url: `/api/pools/${poolId}/members/${player.id}`, who: commissioner, payload: { notes: value, paymentNotes: value } }),
      );
      await note(
        `PUT commissioner ${v}`,
        await call(h, { method: 'PUT', url: `/api/admin/pools/${poolId}/commissioner`, who: admin, payload: { userId: value } }),
      );
    }
    const failures = answers.filter((a) => a.status >= 500);
    expect(failures).toEqual([]);
    // Every refusal has the one error shape, with a snake_case code.
    for (const a of answers.filter((x) => x.status >= 400)) {
      expect(a.body, a.what).toEqual(expect.objectContaining({ error: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) }));
    }
  });
});
