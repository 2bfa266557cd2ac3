import { type Aviso, type AvisosPagina, avisosPaginaSchema } from '@compra-grupal/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { avisosKeys } from './avisos-keys';

export const AVISOS_PATH = '/api/aviso';

/** GET /api/aviso?antesDe=<id>: the user's notifications, newest first, a page at a time. */
export function avisosQueryOptions(usuarioId: string) {
  return infiniteQueryOptions({
    queryKey: avisosKeys.lista(usuarioId),
    queryFn: ({ pageParam, signal }) =>
      api.get(pageParam ? `${AVISOS_PATH}?antesDe=${pageParam}` : AVISOS_PATH, {
        schema: avisosPaginaSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (ultima) => ultima.siguiente,
    // The socket keeps it current (avisoNuevo, avisosLeidos); a reconnection reloads it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAvisos(usuarioId: string) {
  return useInfiniteQuery(avisosQueryOptions(usuarioId));
}

type Paginas = InfiniteData<AvisosPagina, unknown>;

/** The unread count the first page carries (the newest answer about it). */
export function noLeidosDe(data: { pages: AvisosPagina[] } | undefined): number {
  return data?.pages[0]?.noLeidos ?? 0;
}

/** Changes the cached pages in place (when they are cached). */
function editarPaginas(
  queryClient: QueryClient,
  usuarioId: string,
  editar: (paginas: Paginas) => Paginas,
): void {
  queryClient.setQueryData<Paginas>(avisosKeys.lista(usuarioId), (data) =>
    data ? editar(data) : data,
  );
}

/** A live `avisoNuevo`: first in the list, and the count it brings. */
export function agregarAvisoNuevo(
  queryClient: QueryClient,
  usuarioId: string,
  { aviso, noLeidos }: { aviso: Aviso; noLeidos: number },
): void {
  editarPaginas(queryClient, usuarioId, (data) => {
    const yaEsta = data.pages.some((p) => p.avisos.some((a) => a._id === aviso._id));
    return {
      ...data,
      pages: data.pages.map((pagina, i) => ({
        ...pagina,
        noLeidos,
        avisos: i === 0 && !yaEsta ? [aviso, ...pagina.avisos] : pagina.avisos,
      })),
    };
  });
}

/** Marks read in the cache: one notification (by id) or all (null), with the new count. */
export function marcarLeidosEnCache(
  queryClient: QueryClient,
  usuarioId: string,
  avisoId: string | null,
  noLeidos: number,
): void {
  editarPaginas(queryClient, usuarioId, (data) => ({
    ...data,
    pages: data.pages.map((pagina) => ({
      ...pagina,
      noLeidos,
      avisos: pagina.avisos.map((a) =>
        avisoId === null || a._id === avisoId ? { ...a, leido: true } : a,
      ),
    })),
  }));
}
