import { z } from 'zod';
import { latitudSchema, longitudSchema } from './coordenadas';
import { idSchema } from './ids';
import { texto } from './texto';

/** An optional text: empty or missing is null. */
const opcional = (campo: string, opciones: { multilinea?: boolean } = {}) =>
  texto({ max: 200, campo, ...opciones })
    .nullish()
    .transform((value) => (value ? value : null));

/** A saved delivery address (spec file 1, section 3). */
export const direccionSchema = z
  .object({
    _id: idSchema,
    direccion: z.string(),
    departamento: z.string().nullable(),
    descripcion: z.string().nullable(),
    ciudad: z.string(),
    provincia: z.string(),
    codigoPostal: z.string().nullable(),
    latitud: z.number().nullable(),
    longitud: z.number().nullable(),
  })
  .meta({ id: 'Direccion' });

export const direccionesSchema = z.array(direccionSchema);

export const crearDireccionRequestSchema = z
  .object({
    direccion: texto({
      max: 200,
      min: 1,
      campo: 'La dirección',
      mensajes: { requerido: 'La dirección es obligatoria' },
    }),
    latitud: latitudSchema,
    longitud: longitudSchema,
    codigoPostal: opcional('El código postal'),
    provincia: texto({
      max: 100,
      min: 1,
      campo: 'La provincia',
      mensajes: { requerido: 'La provincia es obligatoria' },
    }),
    ciudad: texto({
      max: 100,
      min: 1,
      campo: 'La ciudad',
      mensajes: { requerido: 'La ciudad es obligatoria' },
    }),
    departamento: opcional('El departamento'),
    // Delivery instructions may span lines.
    descripcion: opcional('La descripción', { multilinea: true }),
  })
  .meta({ id: 'CrearDireccionRequest' });

export const crearDireccionResponseSchema = z.object({
  mensaje: z.string(),
  direccion: direccionSchema,
});

export type Direccion = z.infer<typeof direccionSchema>;
export type CrearDireccionRequest = z.input<typeof crearDireccionRequestSchema>;
