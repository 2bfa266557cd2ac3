import { type rutasDelDiaQuerySchema, rutasDelDiaResponseSchema } from '@compra-grupal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { entregasKeys, type PosicionDeSalida } from './entregas-keys';

/**
 * GET /api/entrega/rutas (issue 36): the day as a route per store, its stops in visiting order
 * (those delivered today first, checked off). A courier or an admin gets every store with stops
 * today; a seller names their store (`tiendaId`) and gets at most one. With `desde` the pending
 * stops are planned again from that point (where the courier stands).
 */
export function rutasQueryOptions(tiendaId: string | null, desde: PosicionDeSalida | null) {
  return queryOptions({
    queryKey: entregasKeys.rutasDelDia(tiendaId, desde),
    queryFn: async ({ signal }) => {
      const consulta: Record<keyof z.input<typeof rutasDelDiaQuerySchema>, string | undefined> = {
        tiendaId: tiendaId ?? undefined,
        latitud: desde ? String(desde.latitud) : undefined,
        longitud: desde ? String(desde.longitud) : undefined,
      };
      const params = new URLSearchParams(
        Object.entries(consulta).filter((par): par is [string, string] => par[1] !== undefined),
      );
      const query = params.size > 0 ? `?${params}` : '';
      const { rutas } = await api.get(`/api/entrega/rutas${query}`, {
        schema: rutasDelDiaResponseSchema,
        signal,
      });
      return rutas;
    },
    // Stops are delivered all day long, here and elsewhere: every visit, and every return from
    // the navigation app, asks again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** How often a courier's routes are read again while on screen. */
export const RELEER_RUTAS_MS = 30_000;

/**
 * The day's routes; while a new starting point is planned the previous routes stay on screen
 * (`isPlaceholderData`). Nothing is asked until `enabled` (a seller's store id is known).
 */
export function useRutas({
  tiendaId = null,
  desde = null,
  enabled = true,
}: {
  tiendaId?: string | null;
  desde?: PosicionDeSalida | null;
  enabled?: boolean;
} = {}) {
  return useQuery({
    ...rutasQueryOptions(tiendaId, desde),
    enabled,
    placeholderData: keepPreviousData,
    // A seller hears their store's deliveries (useRutasEnVivo); a courier's day, shared with
    // other couriers, is read again every half minute.
    refetchInterval: tiendaId === null ? RELEER_RUTAS_MS : false,
  });
}
