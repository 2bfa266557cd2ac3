import type { RutaDelDia } from '@compra-grupal/contracts';
import { ClockIcon, type LucideIcon, MapPinnedIcon, RouteIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatDistancia, formatDuracion } from '../lib/formato';

/** '5 paradas', '1 parada'. */
export function textoParadas(cantidad: number): string {
  return cantidad === 1 ? '1 parada' : `${cantidad} paradas`;
}

/** How many stops were delivered already: '2 entregadas', 'Todas entregadas', or nothing. */
export function detalleParadas(ruta: RutaDelDia): string | undefined {
  const entregadas = ruta.paradas.filter((parada) => parada.entregada).length;
  if (entregadas === 0) return undefined;
  if (entregadas === ruta.paradas.length) return 'Todas entregadas';
  return entregadas === 1 ? '1 entregada' : `${entregadas} entregadas`;
}

function Dato({
  icon: Icon,
  termino,
  valor,
  detalle,
}: {
  icon: LucideIcon;
  termino: string;
  valor: string;
  detalle?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-xl bg-muted/60 px-3 py-2.5 print:bg-transparent print:p-0">
      <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
        <Icon className="size-3.5 shrink-0 print:hidden" aria-hidden />
        {termino}
      </dt>
      <dd className="font-semibold text-base tabular-nums leading-tight sm:text-lg">{valor}</dd>
      {detalle && <dd className="text-pretty text-secondary-foreground text-xs">{detalle}</dd>}
    </div>
  );
}

/**
 * The route in three figures: its stops, the distance and the estimated time of the stops still
 * to deliver ('12,4 km', '1 h 20 min').
 */
export function ResumenDeRuta({ ruta, className }: { ruta: RutaDelDia; className?: string }) {
  const pendientes = ruta.paradas.some((parada) => !parada.entregada);
  return (
    <dl
      aria-label="Resumen de la ruta"
      className={cn('grid grid-cols-3 gap-2 print:flex print:gap-8', className)}
    >
      <Dato
        icon={MapPinnedIcon}
        termino="Paradas"
        valor={String(ruta.paradas.length)}
        detalle={detalleParadas(ruta)}
      />
      <Dato
        icon={RouteIcon}
        termino="Distancia"
        valor={pendientes ? formatDistancia(ruta.distanciaMetros) : '—'}
      />
      <Dato
        icon={ClockIcon}
        termino="Tiempo estimado"
        valor={pendientes ? formatDuracion(ruta.duracionSegundos) : '—'}
      />
    </dl>
  );
}
