import type { EstadoGrupo, Prediccion } from '@compra-grupal/contracts';

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

/**
 * The forecast a screen shows for a group (decision 052): only while it is open and has places
 * left, whatever the last answer said (a live update may have filled or closed it since).
 */
export function prediccionVigente(grupo: {
  estado: string;
  lugaresNecesarios: number;
  lugaresOcupados: number;
  prediccion?: Prediccion | null;
}): Prediccion | null {
  return normalizarEstado(grupo.estado) === 'abierto' && lugaresRestantes(grupo) > 0
    ? (grupo.prediccion ?? null)
    : null;
}
