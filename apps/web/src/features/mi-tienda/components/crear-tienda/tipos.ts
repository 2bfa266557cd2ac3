import type { DireccionTienda } from '../../api/crear-tienda';

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
