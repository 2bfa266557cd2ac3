import type { SugerenciaGeo, UbicacionGeo } from '@compra-grupal/contracts';
import { z } from 'zod';
import type { AppError } from '../../lib/app-error';
import { fueraDeArgentina, type GeoPort, geoNoDisponible } from './geo.port';

export interface GeorefGeoOptions {
  /** For example 'https://apis.datos.gob.ar/georef/api'. */
  baseUrl: string;
  /** Per request, the body included. */
  timeoutMs?: number;
  /** Where a provider failure is written down (the client only sees the 502). */
  log?: { warn(datos: object, mensaje: string): void };
}

/**
 * Geocoding through Georef AR, the Argentine government's API (apis.datos.gob.ar/georef):
 * street addresses from `/direcciones` (localities from `/localidades` when no street matches)
 * and the province, department and municipality of a point from `/ubicacion`. Georef knows no
 * postal codes. Any network error, timeout, non-2xx answer or unexpected body is a 502.
 */
export function createGeorefGeo({ baseUrl, timeoutMs = 5000, log }: GeorefGeoOptions): GeoPort {
  const base = baseUrl.replace(/\/+$/, '');

  async function consultar<T>(
    recurso: string,
    parametros: Record<string, string>,
    esquema: z.ZodType<T>,
  ): Promise<T> {
    const url = new URL(`${base}/${recurso}`);
    for (const [nombre, valor] of Object.entries(parametros)) url.searchParams.set(nombre, valor);
    const falla = (motivo: string, detalle?: unknown): AppError => {
      log?.warn({ recurso, motivo, detalle }, 'Georef no respondió como se esperaba');
      return geoNoDisponible();
    };

    let respuesta: Response;
    try {
      respuesta = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw falla('red', String(error));
    }
    if (!respuesta.ok) {
      await respuesta.body?.cancel().catch(() => undefined);
      throw falla('estado', respuesta.status);
    }
    let cuerpo: unknown;
    try {
      cuerpo = await respuesta.json();
    } catch (error) {
      throw falla('cuerpo', String(error));
    }
    const leido = esquema.safeParse(cuerpo);
    if (!leido.success) throw falla('forma', z.prettifyError(leido.error));
    return leido.data;
  }

  return {
    buscaCalles: true,
    async buscar(texto, limite) {
      const max = String(limite);
      const { direcciones } = await consultar(
        'direcciones',
        { direccion: texto, max },
        direccionesSchema,
      );
      const calles = direcciones.flatMap(sugerenciaDeDireccion);
      if (calles.length > 0) return calles.slice(0, limite);

      const { localidades } = await consultar(
        'localidades',
        { nombre: texto, max },
        localidadesSchema,
      );
      return localidades.flatMap(sugerenciaDeLocalidad).slice(0, limite);
    },

    async inversa(lat, lng) {
      const { ubicacion } = await consultar(
        'ubicacion',
        { lat: String(lat), lon: String(lng) },
        ubicacionSchema,
      );
      const provincia = nombreLegible(ubicacion.provincia?.nombre);
      if (!provincia) throw fueraDeArgentina();
      const municipio = nombreLegible(ubicacion.municipio?.nombre);
      const departamento = nombreLegible(ubicacion.departamento?.nombre);
      const lugar = municipio ?? departamento ?? provincia;
      const calle = nombreLegible(ubicacion.calle?.nombre);
      return {
        direccion: calle ? conAltura(calle, ubicacion.calle?.altura) : lugar,
        ciudad: esCaba(provincia) ? provincia : lugar,
        provincia: provinciaLegible(provincia),
        codigoPostal: null,
        lat,
        lng,
      } satisfies UbicacionGeo;
    },
  };
}

// Georef AR v2 answers, read leniently: extra fields are ignored, and Georef answers null ids
// and names (or null entities) where it found nothing, e.g. outside Argentina.
const entidad = z.object({ nombre: z.string().nullish() }).nullish();
const coordenadas = z.object({ lat: z.number().nullish(), lon: z.number().nullish() }).nullish();
const altura = z.union([z.number(), z.string()]).nullish();

const direccionesSchema = z.object({
  direcciones: z.array(
    z.object({
      calle: entidad,
      altura: z.object({ valor: altura }).nullish(),
      localidad_censal: entidad,
      departamento: entidad,
      provincia: entidad,
      ubicacion: coordenadas,
    }),
  ),
});

const localidadesSchema = z.object({
  localidades: z.array(
    z.object({
      nombre: z.string(),
      departamento: entidad,
      municipio: entidad,
      provincia: entidad,
      centroide: coordenadas,
    }),
  ),
});

const ubicacionSchema = z.object({
  ubicacion: z.object({
    provincia: entidad,
    departamento: entidad,
    municipio: entidad,
    // Newer Georef versions add the nearest street block to the point.
    calle: z.object({ nombre: z.string().nullish(), altura }).nullish(),
  }),
});

type DireccionGeoref = z.infer<typeof direccionesSchema>['direcciones'][number];
type LocalidadGeoref = z.infer<typeof localidadesSchema>['localidades'][number];

function sugerenciaDeDireccion(item: DireccionGeoref): SugerenciaGeo[] {
  const calle = nombreLegible(item.calle?.nombre);
  const provincia = nombreLegible(item.provincia?.nombre);
  const lat = item.ubicacion?.lat;
  const lng = item.ubicacion?.lon;
  // An address Georef cannot place on the map is of no use to the location picker.
  if (!calle || !provincia || typeof lat !== 'number' || typeof lng !== 'number') return [];
  const direccion = conAltura(calle, item.altura?.valor);
  const ciudad =
    nombreLegible(item.localidad_censal?.nombre) ??
    nombreLegible(item.departamento?.nombre) ??
    provincia;
  return [sugerencia(direccion, [direccion, ciudad, provincia], ciudad, provincia, lat, lng)];
}

function sugerenciaDeLocalidad(item: LocalidadGeoref): SugerenciaGeo[] {
  const nombre = nombreLegible(item.nombre);
  const provincia = nombreLegible(item.provincia?.nombre);
  const lat = item.centroide?.lat;
  const lng = item.centroide?.lon;
  if (!nombre || !provincia || typeof lat !== 'number' || typeof lng !== 'number') return [];
  const zona = nombreLegible(item.municipio?.nombre) ?? nombreLegible(item.departamento?.nombre);
  return [sugerencia(nombre, [nombre, zona, provincia], nombre, provincia, lat, lng)];
}

function sugerencia(
  direccion: string,
  partes: (string | undefined)[],
  ciudad: string,
  provincia: string,
  lat: number,
  lng: number,
): SugerenciaGeo {
  const etiqueta: string[] = [];
  for (const parte of partes) {
    const legible = parte === provincia ? provinciaLegible(parte) : parte;
    if (legible && !etiqueta.includes(legible)) etiqueta.push(legible);
  }
  return {
    etiqueta: etiqueta.join(', '),
    direccion,
    ciudad,
    provincia: provinciaLegible(provincia),
    codigoPostal: null,
    lat,
    lng,
  };
}

const conAltura = (calle: string, valor: number | string | null | undefined) => {
  const numero = typeof valor === 'string' ? valor.trim() : valor;
  return numero === null || numero === undefined || numero === '' || numero === 0
    ? calle
    : `${calle} ${numero}`;
};

const esCaba = (provincia: string) => provincia === 'Ciudad Autónoma de Buenos Aires';

/** The short name Argentines write in an address (the gazetteer uses it too). */
const provinciaLegible = (provincia: string) =>
  provincia.startsWith('Tierra del Fuego') ? 'Tierra del Fuego' : provincia;

const MINUSCULAS = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'e', 'el']);

/**
 * Georef writes street names in capitals ('AV CORRIENTES'): shown as 'Av Corrientes'. Names
 * already in mixed case are kept. Empty names are undefined.
 */
function nombreLegible(nombre: string | null | undefined): string | undefined {
  const limpio = nombre?.trim().replace(/\s+/g, ' ');
  if (!limpio) return undefined;
  if (limpio !== limpio.toUpperCase()) return limpio;
  return limpio
    .toLowerCase()
    .split(' ')
    .map((palabra, i) =>
      i > 0 && MINUSCULAS.has(palabra)
        ? palabra
        : palabra.charAt(0).toUpperCase() + palabra.slice(1),
    )
    .join(' ');
}
