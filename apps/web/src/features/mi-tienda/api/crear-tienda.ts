import {
  type CrearDireccionRequest,
  crearTiendaResponseSchema,
  type EntregaEnGrupo,
} from '@compra-grupal/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { setStoredItem } from '@/lib/storage-keys';

/**
 * The store's address, sent as JSON inside the multipart form (spec part 2, section 3): the
 * contract's address with every field present, the optional ones null.
 */
export interface DireccionTienda extends CrearDireccionRequest {
  codigoPostal: string | null;
  departamento: string | null;
  descripcion: string | null;
}

export interface CrearTiendaInput {
  usuarioId: string;
  nombre: string;
  descripcion: string;
  telefono: string;
  email: string;
  razonSocial: string;
  /** The global category's id. */
  categoriaGlobal: string;
  /** The delivery coverage's id. */
  cobertura: string;
  direccion: DireccionTienda;
  /** 'Entrega en grupo' (issue 36): `ENTREGA_EN_GRUPO_APAGADA` when the store does not offer it. */
  entregaEnGrupo: EntregaEnGrupo;
  /** The logo, already through the image rule (lib/image-rule.ts). */
  logo: File;
}

/** The store the server created (it waits for the product team's review). */
export type TiendaCreada = z.infer<typeof crearTiendaResponseSchema>['tienda'];

/**
 * The multipart form of POST tienda/crear: userId, nombre, descripcion, telefono, email,
 * razonSocial, categoriaGlobal, direccion (JSON), cobertura, entregaEnGrupo (JSON, not in the
 * spec: always sent, off included) and the `logo` file, last.
 */
export function crearTiendaFormData(input: CrearTiendaInput): FormData {
  const form = new FormData();
  form.append('userId', input.usuarioId);
  form.append('nombre', input.nombre);
  form.append('descripcion', input.descripcion);
  form.append('telefono', input.telefono);
  form.append('email', input.email);
  form.append('razonSocial', input.razonSocial);
  form.append('categoriaGlobal', input.categoriaGlobal);
  form.append('direccion', JSON.stringify(input.direccion));
  form.append('cobertura', input.cobertura);
  form.append('entregaEnGrupo', JSON.stringify(input.entregaEnGrupo));
  form.append('logo', input.logo, input.logo.name);
  return form;
}

/**
 * POST /api/tienda/crear (multipart). The new store's id is kept locally (spec part 2,
 * section 7: `tienda._id`, kept as the store id).
 */
async function crearTienda(input: CrearTiendaInput): Promise<TiendaCreada> {
  const { tienda } = await api.post('/api/tienda/crear', crearTiendaFormData(input), {
    schema: crearTiendaResponseSchema,
  });
  setStoredItem('tiendaId', tienda._id);
  return tienda;
}

export function useCrearTienda() {
  // The wizard says what failed itself: the server's text for a refusal, else the spec's.
  return useMutation({ mutationFn: crearTienda, meta: { errorToast: false } });
}
