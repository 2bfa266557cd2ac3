import { z } from 'zod';
import { latitudSchema, longitudSchema } from './coordenadas';
import { idSchema } from './ids';
import { texto } from './texto';

/** An optional text: empty or missing is null. */
const opcional = (campo: string, opciones: { multilinea?: boolean } = {}) =>
  texto({ max: 200, campo, ...opciones })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * The door an order goes to: the street as typed ('Av. Corrientes') and its number ('1234',
 * '1234 bis' or 'S/N' where a house has none). `direccion`, the spec's one-line field, is
 * composed from them by `componerDireccion` wherever both are given.
 */
export const calleSchema = texto({
  max: 150,
  min: 1,
  campo: 'La calle',
  mensajes: { requerido: 'La calle es obligatoria' },
}).meta({ example: 'Av. Corrientes' });

export const ALTURA_INVALIDA = 'La altura debe ser un número (o S/N si no tiene)';

export const alturaSchema = texto({
  max: 12,
  min: 1,
  campo: 'La altura',
  mensajes: { requerido: 'La altura es obligatoria' },
})
  .regex(/^(\d{1,6}( ?[a-zA-Z]| bis)?|[sS]\/[nN])$/, ALTURA_INVALIDA)
  .meta({ example: '1234' });

/** The spec's one-line `direccion` of a street and its number: 'Av. Corrientes 1234'. */
export function componerDireccion(calle: string, altura: string): string {
  return `${calle.trim()} ${altura.trim().toUpperCase() === 'S/N' ? 'S/N' : altura.trim()}`;
}

/** A saved delivery address (spec file 1, section 3), with its street and number when known. */
export const direccionSchema = z
  .object({
    _id: idSchema,
    direccion: z.string(),
    calle: z.string().nullable().describe('Calle, cuando se cargó por separado'),
    altura: z.string().nullable().describe('Altura (número de puerta), cuando se cargó'),
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

/**
 * A new address: `calle` and `altura` (what every form of the app sends; `direccion` is then
 * composed from them), or the spec's one-line `direccion` alone.
 */
export const crearDireccionRequestSchema = z
  .object({
    direccion: texto({
      max: 200,
      min: 1,
      campo: 'La dirección',
      mensajes: { requerido: 'La dirección es obligatoria' },
    }).optional(),
    calle: calleSchema.optional(),
    altura: alturaSchema.optional(),
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
  .superRefine((valor, ctx) => {
    if (valor.calle !== undefined && valor.altura === undefined) {
      ctx.addIssue({ code: 'custom', path: ['altura'], message: 'La altura es obligatoria' });
    } else if (valor.altura !== undefined && valor.calle === undefined) {
      ctx.addIssue({ code: 'custom', path: ['calle'], message: 'La calle es obligatoria' });
    } else if (valor.calle === undefined && valor.direccion === undefined) {
      ctx.addIssue({ code: 'custom', path: ['calle'], message: 'La calle es obligatoria' });
    }
  })
  .transform(({ calle, altura, direccion, ...resto }) => ({
    ...resto,
    calle: calle ?? null,
    altura: altura ?? null,
    direccion: calle && altura ? componerDireccion(calle, altura) : (direccion ?? ''),
  }))
  .meta({
    id: 'CrearDireccionRequest',
    // The rule above, for the OpenAPI document: `calle` with `altura`, or `direccion` with
    // neither of them.
    anyOf: [
      { required: ['calle', 'altura'] },
      {
        required: ['direccion'],
        not: { anyOf: [{ required: ['calle'] }, { required: ['altura'] }] },
      },
    ],
  });

/** PATCH /api/direccion/{userId}/{direccionId}: the point of an address that has none yet. */
export const ubicarDireccionRequestSchema = z
  .object({ latitud: latitudSchema, longitud: longitudSchema })
  .meta({ id: 'UbicarDireccionRequest' });

export const crearDireccionResponseSchema = z.object({
  mensaje: z.string(),
  direccion: direccionSchema,
});

export const direccionYUsuarioParamsSchema = z.object({ userId: idSchema, direccionId: idSchema });

/** The answer of PATCH /api/direccion/{userId}/{direccionId}: 'Ubicación guardada'. */
export const ubicarDireccionResponseSchema = z
  .object({ mensaje: z.string(), direccion: direccionSchema })
  .meta({ id: 'UbicarDireccionResponse' });

export type Direccion = z.infer<typeof direccionSchema>;
export type CrearDireccionRequest = z.input<typeof crearDireccionRequestSchema>;
export type NuevaDireccion = z.output<typeof crearDireccionRequestSchema>;
export type UbicarDireccionRequest = z.input<typeof ubicarDireccionRequestSchema>;
