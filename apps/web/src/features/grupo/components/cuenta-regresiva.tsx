import { TimerIcon } from 'lucide-react';
import { formatFechaHora } from '@/lib/format-fecha';
import { cn } from '@/lib/utils';
import { useAhora } from '../hooks/use-ahora';
import { cierraPronto, textoCuentaRegresiva } from '../lib/cuenta-regresiva';

/**
 * An open group's deadline as a live countdown ('Cierra en 2 d 3 h', renewed each minute):
 * when it passes without filling, the group is cancelled and its participants refunded.
 */
export function CuentaRegresiva({ fechaLimite }: { fechaLimite: string }) {
  const limite = new Date(fechaLimite);
  const valida = !Number.isNaN(limite.getTime());
  const ahora = useAhora(valida);
  if (!valida) return null;
  const urgente = cierraPronto(limite, ahora);
  return (
    <div
      data-slot="cuenta-regresiva"
      className={cn(
        'mt-4 flex items-start gap-2.5 rounded-xl border px-3 py-2.5 text-sm',
        urgente
          ? 'border-highlight/30 bg-highlight-soft text-highlight-foreground'
          : 'border-border/70 bg-muted/60',
      )}
    >
      <TimerIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold tabular-nums">{textoCuentaRegresiva(limite, ahora)}</p>
        <p className={cn('text-xs', !urgente && 'text-muted-foreground')}>
          Si no se completa hasta el{' '}
          <time dateTime={fechaLimite}>{formatFechaHora(fechaLimite)}</time>, se cancela y se
          reembolsa a sus participantes.
        </p>
      </div>
    </div>
  );
}
