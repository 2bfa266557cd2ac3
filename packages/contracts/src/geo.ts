import { z } from 'zod';
import { latitudSchema, longitudSchema } from './coordenadas';
import { MAGNITUD_NO_ACEPTADA, numeroCoercido } from './numero';
import { texto as textoDeConsulta } from './texto';

/**
 * Geocoding for the location picker (spec file 1, sections 2 to 4): address search limited
 * to Argentina with autocomplete suggestions, and reverse geocoding of a map point to fill
 * address, city, province and postal code.
 */

const texto = (descripcion: string) => z.string().describe(descripcion);

const campos = {
  direccion: texto(
    'Calle y altura cuando el proveedor las conoce; si no, un texto legible del lugar',
  ),
  ciudad: texto('Localidad, o barrio en la Ciudad Autónoma de Buenos Aires'),
  provincia: texto('Provincia (o Ciudad Autónoma de Buenos Aires)'),
  codigoPostal: z.string().nullable().describe('Código postal, cuando se conoce'),
  lat: latitudSchema,
  lng: longitudSchema,
};

export const sugerenciaGeoSchema = z
  .object({
    etiqueta: texto('Texto para mostrar en la lista de sugerencias'),
    ...campos,
  })
  .meta({ id: 'SugerenciaGeo', description: 'Sugerencia de la búsqueda de direcciones' });

export const ubicacionGeoSchema = z
  .object(campos)
  .meta({ id: 'UbicacionGeo', description: 'Dirección aproximada de un punto del mapa' });

export const buscarGeoResponseSchema = z
  .object({ sugerencias: z.array(sugerenciaGeoSchema) })
  .meta({ id: 'BuscarGeoResponse' });

/**
 * A query-string number: required, trimmed, then coerced (an empty value is not 0); finite,
 * within range and never subnormal, like every request number.
 */
export const numeroDeConsulta = (nombre: string, minimo: number, maximo: number, ejemplo: string) =>
  textoDeConsulta({
    max: 40,
    min: 1,
    mensajes: { requerido: `Falta ${nombre}`, invalido: `Valor inválido para ${nombre}` },
  })
    // Documented as what it is read as: a number within range (its text is at most 40 long).
    .meta({
      type: 'number',
      minimum: minimo,
      maximum: maximo,
      example: Number(ejemplo),
      minLength: undefined,
      maxLength: undefined,
      not: MAGNITUD_NO_ACEPTADA,
    })
    .pipe(
      numeroCoercido<string>({
        min: minimo,
        max: maximo,
        mensaje: `Valor inválido para ${nombre}`,
      }),
    );

// Query strings stay inline (no `.meta({ id })`): OpenAPI describes them as parameters.
export const buscarGeoQuerySchema = z.object({
  q: textoDeConsulta({
    max: 120,
    min: 2,
    mensajes: {
      requerido: 'Escribe una dirección o localidad',
      corto: 'Escribe al menos 2 caracteres',
      largo: 'La búsqueda puede tener hasta 120 caracteres',
    },
  })
    .meta({ example: 'Palermo' })
    .describe('Dirección, barrio o localidad de Argentina'),
  limite: numeroCoercido({
    min: 1,
    max: 10,
    entero: true,
    mensaje: 'El límite debe estar entre 1 y 10',
    mensajes: {
      tipo: 'El límite debe ser un número',
      entero: 'El límite debe ser un número entero',
    },
  })
    .default(5)
    .describe('Cantidad máxima de sugerencias (1 a 10)'),
});

export const inversaGeoQuerySchema = z.object({
  lat: numeroDeConsulta('la latitud', -90, 90, '-34.6037').describe('Latitud (-90 a 90)'),
  lng: numeroDeConsulta('la longitud', -180, 180, '-58.3816').describe('Longitud (-180 a 180)'),
});

/**
 * The area the picker's drawn map covers when tiles cannot be loaded: south, west, north and
 * east edges in degrees, at most 2 degrees a side.
 */
export const planoGeoQuerySchema = z
  .object({
    sur: numeroDeConsulta('el borde sur', -90, 90, '-34.62').describe('Latitud del borde sur'),
    oeste: numeroDeConsulta('el borde oeste', -180, 180, '-58.45').describe(
      'Longitud del borde oeste',
    ),
    norte: numeroDeConsulta('el borde norte', -90, 90, '-34.56').describe(
      'Latitud del borde norte',
    ),
    este: numeroDeConsulta('el borde este', -180, 180, '-58.38').describe(
      'Longitud del borde este',
    ),
  })
  .refine((area) => area.sur < area.norte && area.oeste < area.este, {
    error: 'El área no es válida',
    path: ['norte'],
    when: (payload) => payload.issues.length === 0,
  })
  .refine((area) => area.norte - area.sur <= 2 && area.este - area.oeste <= 2, {
    error: 'El área puede medir hasta 2 grados por lado',
    path: ['norte'],
    when: (payload) => payload.issues.length === 0,
  });

const puntoSchema = z.tuple([latitudSchema, longitudSchema]).describe('[latitud, longitud]');

export const lugarDelPlanoSchema = z
  .object({
    nombre: texto('Barrio o localidad'),
    provincia: texto('Provincia (o Ciudad Autónoma de Buenos Aires)'),
    barrio: z.boolean().describe('Si es un barrio de la Ciudad Autónoma de Buenos Aires'),
    puntos: z
      .array(puntoSchema)
      .min(1)
      .describe('Centro del lugar y, en los barrios grandes, otros puntos de referencia'),
  })
  .meta({ id: 'LugarDelPlano' });

/**
 * What the picker draws without map tiles: the places near an area (each point belongs to the
 * nearest one, as in the reverse answer, so the drawn limits agree with it) and the outline of
 * the Ciudad Autónoma de Buenos Aires.
 */
export const planoGeoSchema = z
  .object({
    lugares: z.array(lugarDelPlanoSchema),
    limiteCaba: z.array(puntoSchema).describe('Contorno aproximado de la Ciudad'),
  })
  .meta({ id: 'PlanoGeo', description: 'Lugares y límites para dibujar el mapa sin teselas' });

/**
 * The map the location picker draws (an XYZ tile URL template and its attribution, HTML) and
 * whether the active geocoder knows streets: with one that does, typing a street proposes doors;
 * with the embedded one (barrios and localities), the pin starts there and the person places it.
 */
export const mapaConfigSchema = z
  .object({
    tileUrl: z.string(),
    atribucion: z.string(),
    buscaCalles: z.boolean().describe('Si el geocodificador activo propone calles y alturas'),
  })
  .meta({ id: 'MapaConfig' });

export type MapaConfig = z.infer<typeof mapaConfigSchema>;
export type PlanoGeo = z.infer<typeof planoGeoSchema>;
export type LugarDelPlano = z.infer<typeof lugarDelPlanoSchema>;
export type PlanoGeoQuery = z.input<typeof planoGeoQuerySchema>;

export type SugerenciaGeo = z.infer<typeof sugerenciaGeoSchema>;
export type UbicacionGeo = z.infer<typeof ubicacionGeoSchema>;
export type BuscarGeoResponse = z.infer<typeof buscarGeoResponseSchema>;
export type BuscarGeoQuery = z.input<typeof buscarGeoQuerySchema>;
export type InversaGeoQuery = z.input<typeof inversaGeoQuerySchema>;
