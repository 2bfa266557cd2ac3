import { z } from 'zod';
import { idSchema } from './ids';

export const coberturaSchema = z
  .object({
    _id: idSchema,
    nombre: z.string(),
    descripcion: z.string(),
    km: z.number().positive().describe('Radio de entrega en kilómetros'),
  })
  .meta({ id: 'Cobertura', description: 'Cobertura de entrega de una tienda' });

export const coberturasSchema = z.array(coberturaSchema);

export type Cobertura = z.infer<typeof coberturaSchema>;
