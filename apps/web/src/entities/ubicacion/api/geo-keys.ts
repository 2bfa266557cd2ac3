import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';

/** Points are keyed at about 10 cm, so a tiny drag does not miss the cache by noise. */
const redondear = (value: number) => Math.round(value * 1e6) / 1e6;

/** Query keys of the geocoding calls; invalidation reuses them. */
export const geoKeys = {
  all: ['geo'] as const,
  buscar: (q: string) => ['geo', 'buscar', q] as const,
  inversa: ({ lat, lng }: Coordenadas) =>
    ['geo', 'inversa', redondear(lat), redondear(lng)] as const,
  mapa: () => ['geo', 'mapa'] as const,
  plano: ({
    sur,
    oeste,
    norte,
    este,
  }: {
    sur: number;
    oeste: number;
    norte: number;
    este: number;
  }) => ['geo', 'plano', sur, oeste, norte, este] as const,
};
