import { z } from 'zod';
import { idSchema } from './ids';

/** A product (spec file 2, section 3). `precio` is in pesos. */
export const productoSchema = z
  .object({
    _id: idSchema,
    vendedorId: idSchema,
    tiendaId: idSchema,
    nombre: z.string(),
    descripcion: z.string(),
    precio: z.number(),
    categoria: z.string().nullable(),
    categoriaLocalId: z.array(idSchema),
    imagen: z.string().nullable(),
    stock: z.number().int(),
    cantidadTotalGrupo: z.number().int(),
    fechaCreacion: z.string().describe('Fecha ISO 8601'),
    disponible: z.boolean(),
  })
  .meta({ id: 'Producto' });

export const productoIdParamsSchema = z.object({ productoId: idSchema });

export type Producto = z.infer<typeof productoSchema>;
