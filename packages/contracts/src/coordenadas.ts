import { z } from 'zod';

export const latitudSchema = z.number().min(-90, 'Latitud inválida').max(90, 'Latitud inválida');
export const longitudSchema = z
  .number()
  .min(-180, 'Longitud inválida')
  .max(180, 'Longitud inválida');
