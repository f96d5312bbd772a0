import { z } from 'zod';

/** Every error reply of every service and of the gateway has this shape. */
export const errorBodySchema = z.object({
  /** Stable machine code, snake_case (`picks_locked`, `validation_failed`, `forbidden`). */
  error: z.string(),
  /** Human text; where the spec fixes a text, exactly that text. */
  message: z.string(),
  /** Optional structured detail, e.g. the invalid fields of a body. */
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One invalid field of a request, as listed in `details` of a `validation_failed` error. */
export const fieldIssueSchema = z.object({ field: z.string(), problem: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const idParam = z.string().min(1).max(100);

/** Header names shared by the gateway, the services and the bus. */
export const HEADERS = {
  /** Signed, short-lived identity assertion minted by the gateway for every proxied call. */
  identity: 'x-powerpool-identity',
  /** Correlation id minted by the gateway and forwarded on every hop (HTTP and NATS). */
  correlationId: 'x-correlation-id',
} as const;

export const SERVICE_NAMES = [
  'identity',
  'pools-invitations',
  'picks-scoring',
  'weeks-workflow',
  'sports-data-staging',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
