import type { GrupoParaAdmin } from '@compra-grupal/contracts';
import { formatPrecio } from '@/lib/format-currency';

/**
 * What cancelling a group does, said before it is done: 'Se reembolsarán $X a N
 * participantes. Esta acción no se puede deshacer.'
 */
export function textoCancelacion(
  grupo: Pick<GrupoParaAdmin, 'participantes' | 'montoAReembolsar'>,
): string {
  const irreversible = 'Esta acción no se puede deshacer.';
  if (grupo.participantes === 0) {
    return `El grupo no tiene participantes: no hay nada que reembolsar. ${irreversible}`;
  }
  const quienes =
    grupo.participantes === 1 ? '1 participante' : `${grupo.participantes} participantes`;
  return `Se reembolsarán ${formatPrecio(grupo.montoAReembolsar)} a ${quienes}. ${irreversible}`;
}
