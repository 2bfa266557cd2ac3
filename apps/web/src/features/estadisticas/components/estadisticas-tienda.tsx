import { CalendarRangeIcon, LoaderCircleIcon } from 'lucide-react';
import { ErrorView } from '@/components/error-view';
import { PeriodoPersonalizado } from '@/components/periodo/fechas-del-periodo';
import { SelectorDePeriodo } from '@/components/periodo/selector-de-periodo';
import { useTiendaIdDelVendedor } from '@/entities/tienda/api/get-tienda-del-vendedor';
import { useErrorToast } from '@/hooks/use-error-toast';
import { ApiError } from '@/lib/api-client';
import { formatPeriodo, OPCIONES_DE_PERIODO } from '@/lib/periodo';
import { cn } from '@/lib/utils';
import { useEstadisticas } from '../api/get-estadisticas';
import { usePeriodoElegido } from '../hooks/use-periodo-elegido';
import { sinActividad } from '../lib/sin-actividad';
import { DescargarVentasButton } from './descargar-ventas-button';
import { EstadisticasSkeleton } from './estadisticas-skeleton';
import { PanelDeEstadisticas } from './panel-de-estadisticas';
import { SinAcceso } from './sin-acceso';
import { SinVentas } from './sin-ventas';

export const ERROR_ESTADISTICAS = 'No se pudieron cargar las estadísticas';

export interface EstadisticasTiendaProps {
  /** The seller (the user id inside the token). */
  usuarioId: string;
  onVolver: () => void;
}

/**
 * Mi Tienda's 'Estadísticas' (issue 37): the store's sales, fees, groups and best products for
 * a period of Buenos Aires days, its charts with their tables, and the period's sales as CSV.
 */
export function EstadisticasTienda({ usuarioId, onVolver }: EstadisticasTiendaProps) {
  const tienda = useTiendaIdDelVendedor(usuarioId);
  const tiendaId = tienda.data ?? null;
  const { opcion, periodo, elegir, aplicar } = usePeriodoElegido();
  const consulta = useEstadisticas(tiendaId, periodo);
  const rechazo =
    consulta.error instanceof ApiError && consulta.error.status === 403 ? consulta.error : null;
  useErrorToast(
    consulta.isError && !rechazo
      ? consulta.errorUpdatedAt
      : tienda.isError
        ? tienda.errorUpdatedAt
        : 0,
    'Error',
    ERROR_ESTADISTICAS,
  );
  const actualizando = consulta.isPlaceholderData;

  return (
    <div className="grid gap-4 lg:gap-5">
      <div className="grid gap-3">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <SelectorDePeriodo
            opciones={OPCIONES_DE_PERIODO}
            opcion={opcion}
            onElegir={elegir}
            aria-label="Período"
          />
          <div className="flex items-center justify-between gap-3 lg:justify-end">
            <p
              className="flex min-w-0 items-center gap-2 text-muted-foreground text-sm"
              aria-live="polite"
            >
              {actualizando ? (
                <LoaderCircleIcon
                  className="size-4 shrink-0 animate-spin motion-reduce:animate-none"
                  aria-hidden
                />
              ) : (
                <CalendarRangeIcon className="size-4 shrink-0" aria-hidden />
              )}
              <span className="min-w-0">
                {formatPeriodo(periodo)}
                {actualizando && <span className="sr-only">. Actualizando…</span>}
              </span>
            </p>
            <DescargarVentasButton tiendaId={tiendaId} periodo={periodo} />
          </div>
        </div>
        {opcion === 'personalizado' && (
          <PeriodoPersonalizado variante="tarjeta" inicial={periodo} onAplicar={aplicar} />
        )}
      </div>

      <div
        aria-busy={actualizando || undefined}
        className={cn(
          'transition-opacity duration-200 motion-reduce:transition-none',
          actualizando && 'opacity-60',
        )}
      >
        <Contenido tienda={tienda} consulta={consulta} rechazo={rechazo} onVolver={onVolver} />
      </div>
    </div>
  );
}

function Contenido({
  tienda,
  consulta,
  rechazo,
  onVolver,
}: {
  tienda: ReturnType<typeof useTiendaIdDelVendedor>;
  consulta: ReturnType<typeof useEstadisticas>;
  rechazo: ApiError | null;
  onVolver: () => void;
}) {
  if (tienda.isError) {
    return (
      <ErrorView headingLevel="h2" title={ERROR_ESTADISTICAS} onRetry={() => void tienda.refetch()}>
        No pudimos encontrar tu tienda. Revisa tu conexión e inténtalo de nuevo.
      </ErrorView>
    );
  }
  if (rechazo) return <SinAcceso mensaje={rechazo.serverMessage} onVolver={onVolver} />;
  if (consulta.isError) {
    return (
      <ErrorView
        headingLevel="h2"
        title={ERROR_ESTADISTICAS}
        onRetry={() => void consulta.refetch()}
      >
        Revisa tu conexión e inténtalo de nuevo.
      </ErrorView>
    );
  }
  if (!consulta.data) return <EstadisticasSkeleton />;
  if (sinActividad(consulta.data)) return <SinVentas />;
  return <PanelDeEstadisticas estadisticas={consulta.data} />;
}
