import { z } from 'zod';

export const healthSchema = z
  .object({
    ok: z.literal(true),
    db: z.enum(['pglite', 'postgres']),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;
