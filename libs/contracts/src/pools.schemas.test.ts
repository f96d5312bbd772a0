import { describe, expect, it } from 'vitest';
import { MAX_STORED_INT } from './common.js';
import { createInvitationBodySchema } from './pools.schemas.js';

describe('createInvitationBodySchema', () => {
  // Found by the contract fuzz (deploy/cluster/test/fuzz.ts): maxUses 2147483648 passed validation
  // and failed the INSERT into the integer column, a 500.
  it('should refuse maxUses past what the integer column holds, naming the bound', () => {
    const result = createInvitationBodySchema.safeParse({ maxUses: MAX_STORED_INT + 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['maxUses', 'must be at most 2147483647']]);
    expect(createInvitationBodySchema.safeParse({ maxUses: 2 ** 53 - 1 }).success).toBe(false);
  });

  it('should accept maxUses from 1 to the bound, and none', () => {
    expect(createInvitationBodySchema.parse({ maxUses: MAX_STORED_INT }).maxUses).toBe(MAX_STORED_INT);
    expect(createInvitationBodySchema.parse({ maxUses: 1 }).maxUses).toBe(1);
    expect(createInvitationBodySchema.parse({}).maxUses).toBeNull();
  });
});
