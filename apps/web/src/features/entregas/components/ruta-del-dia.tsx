import type { ParadaDeRuta, RutaDelDia as Ruta } from '@compra-grupal/contracts';
import { LocateFixedIcon, MapIcon, StoreIcon } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { RutaDelDiaMapaProps } from './ruta-del-dia-mapa';
import { idDeParada, ParadaDeRutaItem } from './ruta-del-dia-parada';
import { ResumenDeRuta } from './ruta-del-dia-resumen';

/** Stands in for the map when its code could not be loaded (offline after a new version). */
function MapaNoDisponible() {
  return (
    <div className="grid h-40 place-items-center rounded-2xl border border-border border-dashed bg-muted/50 px-6 text-center text-muted-foreground text-sm print:hidden">
      <p className="flex items-center gap-2">
        <MapIcon className="size-4 shrink-0" aria-hidden />
        No pudimos cargar el mapa. La lista de paradas sigue aquí abajo.
      </p>
    </div>
  );
}

/** Leaflet and the map load only where a route is shown, not with every page. */
const RutaDelDiaMapa = lazy(async (): Promise<{ default: ComponentType<RutaDelDiaMapaProps> }> => {
  try {
    return { default: (await import('./ruta-del-dia-mapa')).RutaDelDiaMapa };
  } catch (error) {
    console.error('No se pudo cargar el mapa de la ruta', error);
    return { default: MapaNoDisponible };
  }
});

/** Brings a stop chosen on the map into view in the list, and moves the focus there. */
function mostrarParada(parada: ParadaDeRuta) {
  const elemento = document.getElementById(idDeParada(parada));
  if (!elemento) return;
  const reducir = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  elemento.scrollIntoView?.({ behavior: reducir ? 'auto' : 'smooth', block: 'center' });
  elemento.focus({ preventScroll: true });
}

/**
 * One store's day as a route (issue 36): its name and where it starts, a summary (stops,
 * distance, estimated time), the map, and the stops in visiting order (those delivered today
 * first, checked off; those without a point last). `accion` is what a pending stop offers: the
 * courier's code, or the seller's 'Marcar como entregado'.
 */
export function RutaDelDia({
  ruta,
  titulo = ruta.tiendaNombre,
  accion,
  PlanoSinConexion,
  className,
}: {
  ruta: Ruta;
  titulo?: string;
  accion: (parada: ParadaDeRuta) => ReactNode;
  PlanoSinConexion?: ComponentType;
  className?: string;
}) {
  const id = useId();
  const tituloId = `${id}-titulo`;
  return (
    <section aria-labelledby={tituloId} className={cn('@container animate-rise-in', className)}>
      <header className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-secondary text-secondary-foreground">
          <StoreIcon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 id={tituloId} className="font-semibold text-lg leading-tight tracking-tight">
            {titulo}
          </h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-muted-foreground text-sm">
            {ruta.desdePosicion ? (
              <>
                <LocateFixedIcon className="size-3.5 shrink-0 text-sky-600" aria-hidden />
                Sale desde tu ubicación
              </>
            ) : (
              <span className="min-w-0 wrap-anywhere">Sale de {ruta.origen.direccion}</span>
            )}
          </p>
        </div>
      </header>

      <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4 @3xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] @3xl:items-start">
        <div className="grid gap-3 @3xl:sticky @3xl:top-[calc(var(--header-height)+1rem)]">
          <ResumenDeRuta ruta={ruta} />
          <Suspense
            fallback={
              <Skeleton
                role="status"
                aria-label="Cargando el mapa"
                className="h-64 rounded-2xl sm:h-80 lg:h-[26rem]"
              />
            }
          >
            <RutaDelDiaMapa
              ruta={ruta}
              PlanoSinConexion={PlanoSinConexion}
              onElegirParada={mostrarParada}
            />
          </Suspense>
        </div>

        <ol
          aria-label={`Paradas de ${ruta.tiendaNombre}`}
          className="grid grid-cols-[minmax(0,1fr)]"
        >
          {ruta.paradas.map((parada, indice) => (
            <ParadaDeRutaItem
              key={parada.pedidoId}
              parada={parada}
              ultima={indice === ruta.paradas.length - 1}
              accion={accion(parada)}
            />
          ))}
        </ol>
      </div>
    </section>
  );
}
