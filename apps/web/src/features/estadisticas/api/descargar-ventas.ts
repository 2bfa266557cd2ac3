import { type PeriodoQuery, ventasCsvQuerySchema } from '@compra-grupal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guardarArchivo } from '../lib/guardar-archivo';

/** The name the file is saved with: ventas-2026-11-01-2026-11-30.csv. */
export const nombreDelCsv = ({ desde, hasta }: PeriodoQuery) => `ventas-${desde}-${hasta}.csv`;

/**
 * GET /api/tienda/{tiendaId}/ventas.csv?desde&hasta&formato=es-AR: the period's sales as a
 * spreadsheet set to Spanish opens them ('1234,56' in columns split by ';').
 */
export function descargarVentasCsv(tiendaId: string, periodo: PeriodoQuery): Promise<Blob> {
  const query = ventasCsvQuerySchema.parse({ ...periodo, formato: 'es-AR' });
  return apiFetch<Blob>(`/api/tienda/${tiendaId}/ventas.csv?${new URLSearchParams(query)}`, {
    responseType: 'blob',
  });
}

/** Downloads the period's sales and saves them; a failure is the app's one error toast. */
export function useDescargarVentas(tiendaId: string | null) {
  return useMutation({
    mutationFn: async (periodo: PeriodoQuery) => {
      if (!tiendaId) throw new Error('Todavía no sabemos cuál es tu tienda');
      guardarArchivo(await descargarVentasCsv(tiendaId, periodo), nombreDelCsv(periodo));
    },
    meta: {
      errorTitle: 'No se pudo descargar el CSV',
      errorMessage: 'Revisa tu conexión e inténtalo de nuevo.',
    },
  });
}
