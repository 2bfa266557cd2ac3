import type { DireccionTienda } from '../../api/crear-tienda';
import { ENTREGA_EN_GRUPO_INICIAL, type EntregaEnGrupoEscrita } from '../../lib/entrega-en-grupo';

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
  /** 'Entrega en grupo' (issue 36), asked with the coverage: off until the seller turns it on. */
  entregaEnGrupo: EntregaEnGrupoEscrita;
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
  entregaEnGrupo: ENTREGA_EN_GRUPO_INICIAL,
  logo: null,
};
