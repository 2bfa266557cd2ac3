import type { EstadoGrupo } from '@compra-grupal/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { ETIQUETA_ESTADO, normalizarEstado } from '../lib/estado-grupo';

/** The shopper's colours (spec part 1, section 3): green, blue, purple and red. */
const COLORES: Record<EstadoGrupo, string> = {
  abierto: 'border-emerald-600/25 bg-emerald-50 text-emerald-800',
  cerrado: 'border-blue-600/25 bg-blue-50 text-blue-800',
  completado: 'border-purple-600/25 bg-purple-50 text-purple-800',
  cancelado: 'border-red-600/25 bg-red-50 text-red-800',
};

const PUNTO: Record<EstadoGrupo, string> = {
  abierto: 'bg-emerald-600',
  cerrado: 'bg-blue-600',
  completado: 'bg-purple-600',
  cancelado: 'bg-red-600',
};

/** The seller's badge styles (spec part 2, section 4). */
const VARIANTE_VENDEDOR = {
  abierto: 'default',
  cerrado: 'secondary',
  completado: 'destructive',
  cancelado: 'outline',
} as const satisfies Record<EstadoGrupo, 'default' | 'secondary' | 'destructive' | 'outline'>;

export interface EstadoGrupoBadgeProps {
  /** The state as the server sends it (read case-insensitively). */
  estado: string;
  /** 'comprador': coloured by state; 'vendedor': the seller screens' badge variants. */
  tono?: 'comprador' | 'vendedor';
  className?: string;
}

/** A group's state as a badge: 'Abierto', 'Cerrado', 'Completado' or 'Cancelado'. */
export function EstadoGrupoBadge({ estado, tono = 'comprador', className }: EstadoGrupoBadgeProps) {
  const normalizado = normalizarEstado(estado);
  if (!normalizado) {
    return (
      <Badge variant="outline" data-estado={estado} className={className}>
        {estado}
      </Badge>
    );
  }
  if (tono === 'vendedor') {
    return (
      <Badge
        variant={VARIANTE_VENDEDOR[normalizado]}
        data-estado={normalizado}
        className={className}
      >
        {ETIQUETA_ESTADO[normalizado]}
      </Badge>
    );
  }
  return (
    <Badge
      variant="outline"
      data-estado={normalizado}
      className={cn('gap-1.5', COLORES[normalizado], className)}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', PUNTO[normalizado])} />
      {ETIQUETA_ESTADO[normalizado]}
    </Badge>
  );
}
