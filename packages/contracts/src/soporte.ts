import { z } from 'zod';

/**
 * GET /api/soporte: the support contact the screens show (closed groups, a paid order). Only
 * what the server is configured with (SUPPORT_PHONE, SUPPORT_EMAIL); null when it is not.
 */
export const soporteSchema = z
  .object({
    /** As it is shown, e.g. '+54 11 4321-5678'. */
    telefono: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'Soporte' });

export type Soporte = z.infer<typeof soporteSchema>;
