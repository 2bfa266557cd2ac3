import {
  ERROR_CODES,
  ERROR_MESSAGES,
  esIdValido,
  type GrupoConProducto,
  grupoConProductoResponseSchema,
} from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { grupoKeys } from './grupo-keys';

const GRUPO_NO_ENCONTRADO = ERROR_MESSAGES.GRUPO_NO_ENCONTRADO;

/**
 * GET /api/grupoDeCompra/grupoConProducto/{groupId} (public): the group with its product. An id
 * that cannot exist is answered here as the server would (not found) without a request.
 */
async function getGrupoConProducto(
  grupoId: string,
  signal?: AbortSignal,
): Promise<GrupoConProducto> {
  if (!esIdValido(grupoId)) {
    throw new ApiError(GRUPO_NO_ENCONTRADO, {
      status: 404,
      code: ERROR_CODES.grupoNoEncontrado,
      serverMessage: GRUPO_NO_ENCONTRADO,
    });
  }
  const respuesta = await api.get(`/api/grupoDeCompra/grupoConProducto/${grupoId}`, {
    auth: false,
    signal,
  });
  return leerGrupoConProducto(respuesta);
}

/** The group page's answer, checked, its state read case-insensitively. */
export function leerGrupoConProducto(respuesta: unknown): GrupoConProducto {
  return grupoConProductoResponseSchema.parse(conEstadoEnMinusculas(respuesta));
}

/** The state is read case-insensitively (spec part 1, section 3): 'ABIERTO' is 'abierto'. */
function conEstadoEnMinusculas(respuesta: unknown): unknown {
  if (!respuesta || typeof respuesta !== 'object') return respuesta;
  const { grupo } = respuesta as { grupo?: unknown };
  if (!grupo || typeof grupo !== 'object') return respuesta;
  const { status } = grupo as { status?: unknown };
  return typeof status === 'string'
    ? { ...respuesta, grupo: { ...grupo, status: status.trim().toLowerCase() } }
    : respuesta;
}

/** A group that does not exist: 404, or 400 for an id the server rejects. */
export function esGrupoNoEncontrado(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function grupoConProductoQueryOptions(grupoId: string) {
  return queryOptions({
    queryKey: grupoKeys.conProducto(grupoId),
    queryFn: ({ signal }) => getGrupoConProducto(grupoId, signal),
    // A missing group stays missing: only failures of the network or the server are retried.
    retry: (failureCount, error) => !esGrupoNoEncontrado(error) && failureCount < 1,
  });
}

export function useGrupoConProducto(grupoId: string) {
  return useQuery(grupoConProductoQueryOptions(grupoId));
}
