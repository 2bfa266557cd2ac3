import type { GrupoDePedido } from '@compra-grupal/contracts';
import { CalendarClockIcon, RotateCcwIcon, UsersIcon } from 'lucide-react';
import { useId } from 'react';
import { Progress } from '@/components/ui/progress';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';
import { useAhora } from '../hooks/use-ahora';
import { formatFechaHora, lugares, tiempoRestante } from '../lib/formato';
import { TEXTOS_PEDIDOS } from '../lib/textos';
import { EstadoGrupoBadge } from './estado-grupo-badge';
import { VerGrupoLink } from './ver-grupo-link';

/**
 * One group of an order: its state, its places as a progress bar, the places this order holds,
 * the deadline of an open group with the time left, and the refund of a cancelled one.
 */
export function GrupoDePedidoItem({ grupo, producto }: { grupo: GrupoDePedido; producto: string }) {
  const etiquetaId = useId();
  const cancelado = grupo.estado === 'cancelado';
  const conPlazo = grupo.estado === 'abierto' && grupo.fechaLimite !== null;
  const ahora = useAhora(conPlazo);
  const restante = conPlazo && grupo.fechaLimite ? tiempoRestante(grupo.fechaLimite, ahora) : null;
  return (
    <div
      data-grupo={grupo._id}
      className={cn(
        'grid gap-2 rounded-xl border border-border/60 bg-background/60 p-3',
        cancelado && 'border-red-600/40 bg-red-50/60',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={etiquetaId} className="flex items-center gap-1.5 font-medium text-sm">
          <UsersIcon className="size-4 text-muted-foreground" aria-hidden />
          Grupo de compra
          <span className="sr-only"> de {producto}</span>
        </p>
        <EstadoGrupoBadge estado={grupo.estado} />
      </div>
      <Progress
        value={Math.min(grupo.lugaresOcupados, grupo.lugaresNecesarios)}
        max={grupo.lugaresNecesarios}
        aria-labelledby={etiquetaId}
        className={cn(cancelado && 'bg-red-600/15 [&>div]:bg-red-600')}
      />
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-muted-foreground text-xs sm:text-sm">
        <span className="tabular-nums">
          {grupo.lugaresOcupados} de {lugares(grupo.lugaresNecesarios)}
        </span>
        <span>Tu parte: {lugares(grupo.cantidad)}</span>
      </div>
      <VerGrupoLink grupoId={grupo._id} producto={producto} />
      {conPlazo && grupo.fechaLimite && (
        <p className="flex flex-wrap items-center gap-1.5 text-xs sm:text-sm">
          <CalendarClockIcon className="size-4 text-muted-foreground" aria-hidden />
          <span>
            Cierra el <time dateTime={grupo.fechaLimite}>{formatFechaHora(grupo.fechaLimite)}</time>
          </span>
          {restante && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
              {restante}
            </span>
          )}
        </p>
      )}
      {cancelado && grupo.reembolso && (
        <p className="flex items-center gap-1.5 font-semibold text-red-700 text-sm">
          <RotateCcwIcon className="size-4" aria-hidden />
          {grupo.reembolso.estado === 'reembolsado'
            ? TEXTOS_PEDIDOS.reembolsado
            : TEXTOS_PEDIDOS.reembolsoEnCurso}{' '}
          {formatPrecio(grupo.reembolso.monto)}
        </p>
      )}
      {cancelado && !grupo.reembolso && (
        <p className="font-semibold text-red-700 text-sm">{TEXTOS_PEDIDOS.reembolsoEnCurso}</p>
      )}
    </div>
  );
}
