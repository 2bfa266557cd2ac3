import type { EstadoGrupo } from '@compra-grupal/contracts';

/**
 * A group's state as the server sends it, read case-insensitively (spec part 1, section 3);
 * anything else is null.
 */
export function normalizarEstado(estado: string): EstadoGrupo | null {
  const valor = estado.trim().toLowerCase();
  return valor === 'abierto' ||
    valor === 'cerrado' ||
    valor === 'completado' ||
    valor === 'cancelado'
    ? valor
    : null;
}

export const ETIQUETA_ESTADO: Record<EstadoGrupo, string> = {
  abierto: 'Abierto',
  cerrado: 'Cerrado',
  completado: 'Completado',
  cancelado: 'Cancelado',
};

/** Places still free: needed minus taken, never below 0. */
export function lugaresRestantes(grupo: {
  lugaresNecesarios: number;
  lugaresOcupados: number;
}): number {
  return Math.max(0, grupo.lugaresNecesarios - grupo.lugaresOcupados);
}

export const lugares = (n: number) => `${n} ${n === 1 ? 'lugar' : 'lugares'}`;

/** The last 6 characters of an id, as the seller's screens show users and groups. */
export const ultimosSeis = (id: string) => id.slice(-6);
