import type { ParadaDeRuta, RutaDelDia } from '@compra-grupal/contracts';
import { lineaDeLaLocalidad, lineaDeLaPuerta } from '@/entities/direccion/lib/formato-direccion';

/** Where to go for a stop: its point, or (without one) its address as text. */
function destino(parada: ParadaDeRuta): { punto: string } | { texto: string } {
  if (parada.latitud !== null && parada.longitud !== null) {
    return { punto: `${parada.latitud},${parada.longitud}` };
  }
  const direccion = parada.direccion;
  return {
    texto: [lineaDeLaPuerta(direccion, { conDescripcion: false }), lineaDeLaLocalidad(direccion)]
      .filter(Boolean)
      .join(', '),
  };
}

/** Google Maps directions to the stop (the person's own position is the start). */
export function enlaceGoogleMaps(parada: ParadaDeRuta): string {
  const a = destino(parada);
  const destination = 'punto' in a ? a.punto : encodeURIComponent(a.texto);
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

/** Waze navigating to the stop. */
export function enlaceWaze(parada: ParadaDeRuta): string {
  const a = destino(parada);
  if ('punto' in a) return `https://waze.com/ul?ll=${a.punto}&navigate=yes`;
  return `https://waze.com/ul?q=${encodeURIComponent(a.texto)}&navigate=yes`;
}

/** Whether the stop has a point on the map (else it is listed last, unplanned). */
export function tienePunto(
  parada: ParadaDeRuta,
): parada is ParadaDeRuta & { latitud: number; longitud: number } {
  return parada.latitud !== null && parada.longitud !== null;
}

/**
 * The routes with one seller's part of an order checked off, as the server will list it on the
 * next read (which also puts it among the delivered stops); the other routes are kept as they
 * are.
 */
export function conParadaEntregada(
  rutas: readonly RutaDelDia[] | undefined,
  pedidoId: string,
  tiendaId: string,
  entregadaEn: string = new Date().toISOString(),
): RutaDelDia[] | undefined {
  return rutas?.map((ruta) =>
    ruta.tiendaId !== tiendaId
      ? ruta
      : {
          ...ruta,
          paradas: ruta.paradas.map((parada) =>
            parada.pedidoId === pedidoId && !parada.entregada
              ? { ...parada, entregada: true, entregadaEn }
              : parada,
          ),
        },
  );
}
