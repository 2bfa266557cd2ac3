import { z } from 'zod';
import { ID_PATTERN } from './id-format';

/** An id on the wire (`ID_PATTERN`). */
export const idSchema = z.string().regex(ID_PATTERN, 'Identificador inválido').meta({
  description: 'Identificador de 24 caracteres hexadecimales',
  example: '65a1f0c2e4b0a1b2c3d4e5f6',
});

export type Id = z.infer<typeof idSchema>;
