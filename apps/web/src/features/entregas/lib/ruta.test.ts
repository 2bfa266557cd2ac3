import { describe, expect, it } from 'vitest';
import { PEDIDO_RUTA_1, PEDIDO_RUTA_3, parada, rutaDelDia, TIENDA_RUTA } from '../test/rutas-api';
import { conParadaEntregada, enlaceGoogleMaps, enlaceWaze } from './ruta';

describe('the day’s route', () => {
  it('links Google Maps and Waze to a stop’s point', () => {
    const conPunto = parada({ latitud: -34.6037, longitud: -58.3816 });
    expect(enlaceGoogleMaps(conPunto)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-34.6037,-58.3816',
    );
    expect(enlaceWaze(conPunto)).toBe('https://waze.com/ul?ll=-34.6037,-58.3816&navigate=yes');
  });

  it('checks off one store’s part of an order and leaves the rest as it was', () => {
    const otra = { ...rutaDelDia(), tiendaId: 'a60000000000000000000002' };
    const [ruta, intacta] =
      conParadaEntregada(
        [rutaDelDia(), otra],
        PEDIDO_RUTA_1,
        TIENDA_RUTA,
        '2026-05-04T15:00:00Z',
      ) ?? [];
    const marcada = ruta?.paradas.find((p) => p.pedidoId === PEDIDO_RUTA_1);
    expect(marcada).toMatchObject({ entregada: true, entregadaEn: '2026-05-04T15:00:00Z' });
    // One delivered before keeps its time; the other store's route is the same object.
    expect(ruta?.paradas.find((p) => p.pedidoId === PEDIDO_RUTA_3)?.entregadaEn).toBe(
      '2026-05-04T13:30:00.000Z',
    );
    expect(intacta).toBe(otra);
    expect(conParadaEntregada(undefined, PEDIDO_RUTA_1, TIENDA_RUTA)).toBeUndefined();
  });
});
