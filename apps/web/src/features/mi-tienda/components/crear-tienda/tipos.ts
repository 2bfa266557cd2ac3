import type { ComponentType } from 'react';
import type { DireccionTienda } from '../../api/crear-tienda';
import { TOTAL_PASOS } from './textos';

/**
 * What the location picker emits on confirmation (spec part 1, section 3: address, lat, lng,
 * postalCode, province, city). The same shape as `UbicacionConfirmada` of the ubicacion
 * feature, restated here because features do not import each other.
 */
export interface UbicacionElegida {
  address: string;
  lat: number;
  lng: number;
  postalCode: string | null;
  province: string;
  city: string;
}

/** The props the wizard gives its location picker: `UbicacionPickerDialog` takes them as is. */
export interface LocationPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the marker starts (the point chosen before, when going back to the map). */
  initialLocation?: { lat: number; lng: number } | null;
  onConfirm: (ubicacion: UbicacionElegida) => void;
  title?: string;
  description?: string;
}

export type LocationPickerComponent = ComponentType<LocationPickerProps>;

/** What the wizard collects, one field per step. */
export interface DatosTienda {
  nombre: string;
  descripcion: string;
  telefono: string;
  email: string;
  razonSocial: string;
  categoriaId: string | null;
  direccion: DireccionTienda | null;
  coberturaId: string | null;
  /** The logo after the image rule. */
  logo: File | null;
}

export const DATOS_VACIOS: DatosTienda = {
  nombre: '',
  descripcion: '',
  telefono: '',
  email: '',
  razonSocial: '',
  categoriaId: null,
  direccion: null,
  coberturaId: null,
  logo: null,
};

/**
 * Whether a step has a value, the only check made here (spec part 2, section 5): the server
 * validates the rest. Step 7 needs a confirmed address.
 */
export function pasoCompleto(paso: number, datos: DatosTienda): boolean {
  switch (paso) {
    case 1:
      return datos.nombre.trim() !== '';
    case 2:
      return datos.descripcion.trim() !== '';
    case 3:
      return datos.telefono.trim() !== '';
    case 4:
      return datos.email.trim() !== '';
    case 5:
      return datos.razonSocial.trim() !== '';
    case 6:
      return datos.categoriaId !== null;
    case 7:
      return datos.direccion !== null;
    case 8:
      return datos.coberturaId !== null;
    case TOTAL_PASOS:
      return datos.logo !== null;
    default:
      return false;
  }
}

export type EstadoCreacion = 'editando' | 'creando' | 'creada';
