import { z } from 'zod';

export const healthSchema = z
  .object({
    ok: z.literal(true),
    db: z.enum(['pglite', 'postgres']),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: the process is up (no dependency is checked). */
export const livenessSchema = z.object({ vivo: z.literal(true) }).meta({ id: 'Liveness' });

/** GET /api/health/ready: the database answers, its migrations are applied, not draining. */
export const readinessSchema = z
  .object({
    listo: z.literal(true),
    db: z.enum(['pglite', 'postgres']),
  })
  .meta({ id: 'Readiness' });
