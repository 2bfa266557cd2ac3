import { z } from 'zod';
import { idSchema } from './ids';

export const categoriaSchema = z
  .object({ _id: idSchema, nombre: z.string() })
  .meta({ id: 'Categoria', description: 'Categoría global de tiendas' });

export const categoriasSchema = z.array(categoriaSchema);

export type Categoria = z.infer<typeof categoriaSchema>;
