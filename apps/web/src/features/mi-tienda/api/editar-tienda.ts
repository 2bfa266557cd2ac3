import {
  type EditarTiendaCampos,
  editarTiendaResponseSchema,
  type TiendaDelVendedor,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tiendaDelVendedorKeys } from '@/entities/tienda/api/tienda-del-vendedor-keys';
import { ApiError, api } from '@/lib/api-client';

export const EDICION_SIN_CONEXION = 'No se pudo conectar al servidor';

export interface EditarTiendaInput {
  campos: EditarTiendaCampos;
  /** A new logo, already through the image rule; without it the current one stays. */
  logo: File | null;
}

/**
 * The multipart form of PUT tienda/editar: the text fields, 'Entrega en grupo' as JSON (not in
 * the spec, issue 36) and, if any, `logoTienda`.
 */
export function editarTiendaFormData({ campos, logo }: EditarTiendaInput): FormData {
  const form = new FormData();
  form.append('nombre', campos.nombre);
  form.append('descripcion', campos.descripcion);
  form.append('telefono', campos.telefono);
  form.append('email', campos.email);
  form.append('razonSocial', campos.razonSocial);
  if (campos.entregaEnGrupo) form.append('entregaEnGrupo', JSON.stringify(campos.entregaEnGrupo));
  if (logo) form.append('logoTienda', logo, logo.name);
  return form;
}

/**
 * What the seller reads when saving fails: the server's own message when it refused the data
 * (4xx), else 'No se pudo conectar al servidor' (spec part 2, section 8).
 */
export function mensajeDeEdicionFallida(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.serverMessage
  ) {
    return error.serverMessage;
  }
  return EDICION_SIN_CONEXION;
}

/** PUT /api/tienda/editar/{userId} (multipart). Refreshes the seller's store on success. */
export function useEditarTienda(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EditarTiendaInput): Promise<TiendaDelVendedor> => {
      const { tienda } = await api.put(
        `/api/tienda/editar/${usuarioId}`,
        editarTiendaFormData(input),
        { schema: editarTiendaResponseSchema },
      );
      return tienda;
    },
    // The form says it itself, with the server's message for a refusal.
    meta: { errorToast: false },
    onSuccess: (tienda) => {
      queryClient.setQueryData(tiendaDelVendedorKeys.tienda(usuarioId), tienda);
      void queryClient.invalidateQueries({ queryKey: tiendaDelVendedorKeys.tienda(usuarioId) });
    },
  });
}
