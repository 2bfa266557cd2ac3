import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { EstadoPedido } from '../lib/clasificar-pedido';
import { TEXTOS_PEDIDOS } from '../lib/textos';

const ESTILO: Record<EstadoPedido, { etiqueta: string; clase: string }> = {
  'en-proceso': {
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
  cancelado: {
    etiqueta: TEXTOS_PEDIDOS.cancelado,
    clase: 'border-transparent bg-red-600 text-white',
  },
};

/** An order's state: 'En proceso', 'Completo', 'Entregado', or 'Cancelado' (in red). */
export function EstadoPedidoBadge({ estado }: { estado: EstadoPedido }) {
  const { etiqueta, clase } = ESTILO[estado];
  return (
    <Badge variant="outline" data-estado={estado} className={cn(clase)}>
      {etiqueta}
    </Badge>
  );
}
