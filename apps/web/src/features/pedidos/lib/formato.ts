import { formatFechaHora } from '@/lib/format-fecha';

/** The places of a group: "1 lugar", "3 lugares". */
export const lugares = (n: number) => `${n} ${n === 1 ? 'lugar' : 'lugares'}`;

/**
 * The time left until a group's deadline, in words: "Quedan 2 días", "Quedan 5 h 12 min",
 * "Quedan 40 min"; null once it has passed (the group is then cancelled by the server).
 */
export function tiempoRestante(fechaLimite: string, ahora: number): string | null {
  const limite = Date.parse(fechaLimite);
  if (Number.isNaN(limite)) return null;
  const minutos = Math.floor((limite - ahora) / 60_000);
  if (minutos < 0) return null;
  const dias = Math.floor(minutos / (24 * 60));
  if (dias >= 1) return `Quedan ${dias} ${dias === 1 ? 'día' : 'días'}`;
  const horas = Math.floor(minutos / 60);
  if (horas >= 1) return `Quedan ${horas} h ${minutos % 60} min`;
  return `Quedan ${Math.max(1, minutos)} min`;
}

export { formatFechaHora };
