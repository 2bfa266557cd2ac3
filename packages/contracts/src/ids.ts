import { z } from 'zod';

/** Every id on the wire is 24 lowercase hex characters (ObjectId format). */
export const idSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, 'Identificador inválido')
  .meta({
    description: 'Identificador de 24 caracteres hexadecimales',
    example: '65a1f0c2e4b0a1b2c3d4e5f6',
  });

export type Id = z.infer<typeof idSchema>;
