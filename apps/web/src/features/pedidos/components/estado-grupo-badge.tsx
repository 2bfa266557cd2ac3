import type { EstadoGrupo } from '@compra-grupal/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const ETIQUETA: Record<EstadoGrupo, string> = {
  abierto: 'Abierto',
  cerrado: 'Cerrado',
  completado: 'Completado',
  cancelado: 'Cancelado',
};

/**
 * A group's state in the orders list (spec part 2, section 4): abierto default, cerrado
 * secondary, completado destructive, and the third state the orders lists show in red
 * (cancelado).
 */
export function EstadoGrupoBadge({
  estado,
  className,
}: {
  estado: EstadoGrupo;
  className?: string;
}) {
  if (estado === 'cancelado') {
    return (
      <Badge
        data-estado={estado}
        className={cn('border-transparent bg-red-600 text-white', className)}
      >
        {ETIQUETA.cancelado}
      </Badge>
    );
  }
  const variante =
    estado === 'abierto' ? 'default' : estado === 'cerrado' ? 'secondary' : 'destructive';
  return (
    <Badge variant={variante} data-estado={estado} className={className}>
      {ETIQUETA[estado]}
    </Badge>
  );
}
