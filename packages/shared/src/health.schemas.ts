import { z } from './zod.ts';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), reachable: z.boolean() }),
  /** Why the service is degraded, in words an operator reads in a load balancer's log. */
  reason: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
