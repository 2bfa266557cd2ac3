import { z } from 'zod';
import { latitudSchema, longitudSchema } from './coordenadas';
import { idSchema } from './ids';

const opcional = z
  .string()
  .trim()
  .max(200)
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
    direccion: z.string().trim().min(1, 'La dirección es obligatoria').max(200),
    latitud: latitudSchema,
    longitud: longitudSchema,
    codigoPostal: opcional,
    provincia: z.string().trim().min(1, 'La provincia es obligatoria').max(100),
    ciudad: z.string().trim().min(1, 'La ciudad es obligatoria').max(100),
    departamento: opcional,
    descripcion: opcional,
  })
  .meta({ id: 'CrearDireccionRequest' });

export const crearDireccionResponseSchema = z.object({
  mensaje: z.string(),
  direccion: direccionSchema,
});

export type Direccion = z.infer<typeof direccionSchema>;
export type CrearDireccionRequest = z.input<typeof crearDireccionRequestSchema>;
