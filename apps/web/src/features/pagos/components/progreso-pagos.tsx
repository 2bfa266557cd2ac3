import type { EstadoPagosResponse } from '@compra-grupal/contracts';
import { CircleCheckIcon } from 'lucide-react';
import { useId } from 'react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { pagosCompletos } from '../api/get-estado-pagos';
import { formatPorcentaje } from '../lib/formato';

/**
 * The order's overall progress: approved payments of the total and the percentage with one
 * decimal (spec part 2, section 9), complete at 100 %.
 */
export function ProgresoPagos({
  estadisticas,
  className,
}: {
  estadisticas: EstadoPagosResponse['estadisticas'];
  className?: string;
}) {
  const etiquetaId = useId();
  const completo = pagosCompletos({ estadisticas });
  const valor = completo ? 100 : Math.min(100, Math.max(0, estadisticas.porcentajeCompletado));
  const texto = formatPorcentaje(valor);
  return (
    <section
      aria-labelledby={etiquetaId}
      className={cn('rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5', className)}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={etiquetaId} className="font-semibold">
          Progreso de pagos
        </h2>
        <p
          className={cn(
            'font-bold text-lg tabular-nums',
            completo ? 'text-primary-strong' : 'text-foreground',
          )}
          data-testid="porcentaje-pagos"
        >
          {texto}
        </p>
      </div>
      <Progress
        value={valor}
        aria-labelledby={etiquetaId}
        aria-valuetext={texto}
        className="mt-3 h-2.5"
      />
      <p className="mt-2 flex items-center gap-1.5 text-muted-foreground text-sm">
        {completo && <CircleCheckIcon className="size-4 text-primary-strong" aria-hidden />}
        {completo
          ? 'Todos los pagos están completos'
          : `${estadisticas.aprobados} de ${estadisticas.total} pagos aprobados`}
      </p>
    </section>
  );
}
