import type { EstadoPedido } from '@compra-grupal/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { TEXTOS_PEDIDOS } from '../lib/textos';

const ESTILO: Record<EstadoPedido, { etiqueta: string; clase: string }> = {
  por_pagar: {
    etiqueta: TEXTOS_PEDIDOS.porPagar,
    clase: 'border-amber-600/25 bg-amber-50 text-amber-900',
  },
  en_proceso: {
    etiqueta: TEXTOS_PEDIDOS.enProceso,
    clase: 'border-amber-600/25 bg-amber-50 text-amber-900',
  },
  completo: {
    etiqueta: TEXTOS_PEDIDOS.completo,
    clase: 'border-blue-600/25 bg-blue-50 text-blue-800',
  },
  entregado: {
    etiqueta: TEXTOS_PEDIDOS.entregado,
    clase: 'border-emerald-600/25 bg-emerald-50 text-emerald-800',
  },
  // Nothing of the order goes on and its money was given back: 'Cancelado', in red.
  reembolsado: {
    etiqueta: TEXTOS_PEDIDOS.cancelado,
    clase: 'border-transparent bg-red-600 text-white',
  },
  vencido: {
    etiqueta: TEXTOS_PEDIDOS.vencido,
    clase: 'border-slate-600/25 bg-slate-50 text-slate-700',
  },
};

/**
 * An order's state as the API computes it (`pedido.estado`): 'En proceso', 'Completo',
 * 'Entregado', 'Cancelado' (in red) for a refunded order, and 'Pago pendiente' or 'Vencido'.
 */
export function EstadoPedidoBadge({ estado }: { estado: EstadoPedido }) {
  const { etiqueta, clase } = ESTILO[estado];
  return (
    <Badge variant="outline" data-estado={estado} className={cn(clase)}>
      {etiqueta}
    </Badge>
  );
}
