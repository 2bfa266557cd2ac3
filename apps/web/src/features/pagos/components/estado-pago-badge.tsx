import type { ESTADOS_PAGO } from '@compra-grupal/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

type EstadoPago = (typeof ESTADOS_PAGO)[number];

const ETIQUETA: Record<EstadoPago, string> = {
  pendiente: 'Pendiente',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
  reembolsado: 'Reembolsado',
};

const COLORES: Record<EstadoPago, string> = {
  pendiente: 'border-amber-600/25 bg-amber-50 text-amber-800',
  aprobado: 'border-emerald-600/25 bg-emerald-50 text-emerald-800',
  rechazado: 'border-red-600/25 bg-red-50 text-red-800',
  reembolsado: 'border-slate-600/25 bg-slate-50 text-slate-700',
};

const PUNTO: Record<EstadoPago, string> = {
  pendiente: 'bg-amber-500',
  aprobado: 'bg-emerald-600',
  rechazado: 'bg-red-600',
  reembolsado: 'bg-slate-500',
};

/** A seller payment's state: 'Pendiente', 'Aprobado', 'Rechazado' or 'Reembolsado'. */
export function EstadoPagoBadge({ estado, className }: { estado: EstadoPago; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-estado={estado}
      className={cn('gap-1.5', COLORES[estado], className)}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', PUNTO[estado])} />
      {ETIQUETA[estado]}
    </Badge>
  );
}

/** An order's overall state in Mis Pagos: 'Pagado' when every payment is approved. */
export function PagadoBadge({ pagado, className }: { pagado: boolean; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-estado={pagado ? 'pagado' : 'pendiente'}
      className={cn('gap-1.5', pagado ? COLORES.aprobado : COLORES.pendiente, className)}
    >
      <span
        aria-hidden
        className={cn('size-1.5 rounded-full', pagado ? PUNTO.aprobado : PUNTO.pendiente)}
      />
      {pagado ? 'Pagado' : 'Pendiente'}
    </Badge>
  );
}
