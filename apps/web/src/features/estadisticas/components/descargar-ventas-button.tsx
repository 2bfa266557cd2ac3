import type { PeriodoQuery } from '@compra-grupal/contracts';
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useDescargarVentas } from '../api/descargar-ventas';

/** 'Descargar': the period's sales as a CSV file, fetched with the session's token. */
export function DescargarVentasButton({
  tiendaId,
  periodo,
}: {
  tiendaId: string | null;
  periodo: PeriodoQuery;
}) {
  const descarga = useDescargarVentas(tiendaId);
  const ayudaId = useId();
  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={tiendaId === null || descarga.isPending}
        aria-describedby={ayudaId}
        onClick={() => descarga.mutate(periodo)}
      >
        {descarga.isPending ? (
          <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden />
        ) : (
          <DownloadIcon aria-hidden />
        )}
        {descarga.isPending ? (
          'Descargando…'
        ) : (
          <>
            Descargar
            <span className="rounded bg-secondary px-1.5 py-0.5 font-semibold text-[0.65rem] text-secondary-foreground tracking-wide">
              CSV
            </span>
          </>
        )}
      </Button>
      <span id={ayudaId} hidden>
        Las ventas del período en un archivo CSV para tu planilla de cálculo
      </span>
    </>
  );
}
