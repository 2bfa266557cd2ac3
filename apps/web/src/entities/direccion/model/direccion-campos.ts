import { alturaSchema, calleSchema, texto } from '@compra-grupal/contracts';
import { z } from 'zod';
import type { UbicacionElegida } from '@/entities/ubicacion/model/ubicacion';

/**
 * The hand-typed fields of every address form (register dialog, checkout, store wizard), checked
 * with the contract's rules; the point on the map is kept apart by each form.
 */
export const direccionCamposShape = {
  calle: calleSchema,
  altura: alturaSchema,
  departamento: texto({ max: 200, campo: 'El piso o departamento' }),
  ciudad: texto({
    max: 100,
    min: 1,
    campo: 'La localidad',
    mensajes: { requerido: 'La localidad es obligatoria' },
  }),
  provincia: texto({
    max: 100,
    min: 1,
    campo: 'La provincia',
    mensajes: { requerido: 'La provincia es obligatoria' },
  }),
  codigoPostal: texto({ max: 12, campo: 'El código postal' }),
};

export const direccionCamposSchema = z.object(direccionCamposShape);

export type DireccionCampos = z.input<typeof direccionCamposSchema>;

export const DIRECCION_CAMPOS_VACIOS: DireccionCampos = {
  calle: '',
  altura: '',
  departamento: '',
  ciudad: '',
  provincia: '',
  codigoPostal: '',
};

/** A one-line address the geocoder gives ('Av. Corrientes 1234') as its street and number. */
export function separarCalleYAltura(linea: string): { calle: string; altura: string } | null {
  const encontrada = /^(.*\S)\s+(\d{1,6}(?: ?[a-zA-Z]| bis)?|[sS]\/[nN])$/.exec(
    linea.split(',')[0]?.trim() ?? '',
  );
  if (!encontrada?.[1] || !encontrada[2]) return null;
  return { calle: encontrada[1], altura: encontrada[2] };
}

/**
 * What a point chosen on the map (or a proposed match) adds to the typed fields: it fills only
 * the fields still empty, so moving the pin never rewrites what the person typed. Street and
 * number are taken only when the geocoder gave a door (a barrio alone is no street).
 */
export function completarVacios(
  actuales: DireccionCampos,
  ubicacion: Pick<UbicacionElegida, 'address' | 'city' | 'province' | 'postalCode'>,
): Partial<DireccionCampos> {
  const puerta = separarCalleYAltura(ubicacion.address);
  const propuestos: Partial<DireccionCampos> = {
    calle: puerta?.calle,
    altura: puerta?.altura,
    ciudad: ubicacion.city,
    provincia: ubicacion.province,
    codigoPostal: ubicacion.postalCode ?? undefined,
  };
  const cambios: Partial<DireccionCampos> = {};
  for (const [campo, valor] of Object.entries(propuestos) as [keyof DireccionCampos, string][]) {
    if (valor?.trim() && !actuales[campo]?.trim()) cambios[campo] = valor.trim();
  }
  return cambios;
}
