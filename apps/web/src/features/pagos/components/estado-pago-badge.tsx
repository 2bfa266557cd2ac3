import type { EstadoParte, EstadoPedido } from '@compra-grupal/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

type Tono = 'pendiente' | 'acreditando' | 'aprobado' | 'rechazado' | 'neutro';

const COLORES: Record<Tono, string> = {
  pendiente: 'border-amber-600/25 bg-amber-50 text-amber-800',
  acreditando: 'border-amber-600/25 bg-amber-50 text-amber-800',
  aprobado: 'border-emerald-600/25 bg-emerald-50 text-emerald-800',
  rechazado: 'border-red-600/25 bg-red-50 text-red-800',
  neutro: 'border-slate-600/25 bg-slate-50 text-slate-700',
};

const PUNTO: Record<Tono, string> = {
  pendiente: 'bg-amber-500',
  acreditando: 'bg-amber-500 motion-safe:animate-pulse',
  aprobado: 'bg-emerald-600',
  rechazado: 'bg-red-600',
  neutro: 'bg-slate-500',
};

/**
 * A seller's payment as the order lifecycle computes it (`estadoParte`): the states of a paid
 * part (waiting for its groups, ready, delivered) all read 'Aprobado' here.
 */
const PARTE: Record<EstadoParte, { etiqueta: string; tono: Tono }> = {
  por_pagar: { etiqueta: 'Pendiente', tono: 'pendiente' },
  en_acreditacion: { etiqueta: 'Pendiente de acreditación', tono: 'acreditando' },
  rechazado: { etiqueta: 'Rechazado', tono: 'rechazado' },
  vencido: { etiqueta: 'Vencido', tono: 'neutro' },
  esperando_grupo: { etiqueta: 'Aprobado', tono: 'aprobado' },
  lista: { etiqueta: 'Aprobado', tono: 'aprobado' },
  entregada: { etiqueta: 'Aprobado', tono: 'aprobado' },
  reembolsada: { etiqueta: 'Reembolsado', tono: 'neutro' },
};

/** An order's state in Mis Pagos (spec: 'Pagado' or 'Pendiente'), plus its end states. */
const PEDIDO: Record<EstadoPedido, { etiqueta: string; tono: Tono }> = {
  por_pagar: { etiqueta: 'Pendiente', tono: 'pendiente' },
  en_proceso: { etiqueta: 'Pagado', tono: 'aprobado' },
  completo: { etiqueta: 'Pagado', tono: 'aprobado' },
  entregado: { etiqueta: 'Pagado', tono: 'aprobado' },
  reembolsado: { etiqueta: 'Reembolsado', tono: 'neutro' },
  vencido: { etiqueta: 'Vencido', tono: 'neutro' },
};

function EstadoBadge({
  etiqueta,
  tono,
  estado,
  className,
}: {
  etiqueta: string;
  tono: Tono;
  estado: string;
  className?: string;
}) {
  return (
    <Badge
      variant="outline"
      data-estado={estado}
      className={cn('gap-1.5 whitespace-normal text-left', COLORES[tono], className)}
    >
      <span aria-hidden className={cn('size-1.5 shrink-0 rounded-full', PUNTO[tono])} />
      {etiqueta}
    </Badge>
  );
}

/**
 * A seller payment's state: 'Pendiente', 'Pendiente de acreditación', 'Rechazado', 'Vencido',
 * 'Aprobado' or 'Reembolsado'.
 */
export function EstadoParteBadge({
  estado,
  className,
}: {
  estado: EstadoParte;
  className?: string;
}) {
  return <EstadoBadge {...PARTE[estado]} estado={estado} className={className} />;
}

/** An order's state in Mis Pagos: 'Pagado', 'Pendiente', 'Reembolsado' or 'Vencido'. */
export function EstadoPedidoPagoBadge({
  estado,
  className,
}: {
  estado: EstadoPedido;
  className?: string;
}) {
  return <EstadoBadge {...PEDIDO[estado]} estado={estado} className={className} />;
}
