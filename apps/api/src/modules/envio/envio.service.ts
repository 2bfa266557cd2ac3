import {
  type CotizarPrevioRequest,
  ENVIO_MENSAJES,
  type OpcionEnvio,
  type Paquete,
} from '@compra-grupal/contracts';
import type { OpcionCotizada, PuntoGeo, ShippingPort } from '../../adapters/shipping/shipping.port';
import { requireActor } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { centavosAPesos } from '../../lib/money';
import type { EnvioRepository } from './envio.repository';

/** A shipping option as the wire shows it, with its exact price in centavos for an order. */
export type OpcionEnvioCotizada = OpcionEnvio & { precioCentavos: number };

export const envioErrors = {
  /** An unknown or disabled store: 'No se pudo obtener información de la tienda'. */
  tiendaNoEncontrada: () => new AppError(404, 'TIENDA_NO_ENCONTRADA', ENVIO_MENSAJES.sinTienda),
  direccionNoEncontrada: () => notFound('DIRECCION_NO_ENCONTRADA'),
  /**
   * An address saved without a point (typed at sign-up): nothing to measure the trip to. Its
   * code tells checkout to ask for the point in place.
   */
  direccionSinUbicacion: () => appError(422, 'DIRECCION_SIN_UBICACION'),
};

/** 'En el día', '1 día hábil', '2 a 4 días hábiles'. */
export function tiempoDeEntrega(diasMinimos: number, diasMaximos: number): string {
  if (diasMaximos === 0) return 'En el día';
  if (diasMinimos === 0) {
    return diasMaximos === 1
      ? 'En el día o el siguiente día hábil'
      : `En el día o hasta ${diasMaximos} días hábiles`;
  }
  if (diasMinimos === diasMaximos) {
    return diasMinimos === 1 ? '1 día hábil' : `${diasMinimos} días hábiles`;
  }
  return `${diasMinimos} a ${diasMaximos} días hábiles`;
}

const toOpcion = (opcion: OpcionCotizada): OpcionEnvioCotizada => ({
  carrier: opcion.carrier,
  servicio: opcion.servicio,
  tiempoEntrega: tiempoDeEntrega(opcion.diasMinimos, opcion.diasMaximos),
  diasMinimos: opcion.diasMinimos,
  diasMaximos: opcion.diasMaximos,
  precio: centavosAPesos(opcion.precioCentavos),
  precioCentavos: opcion.precioCentavos,
});

export function createEnvioService({
  repository,
  envio,
}: {
  repository: EnvioRepository;
  envio: ShippingPort;
}) {
  /**
   * The shipping options from an enabled store to a point, cheapest first (empty when no
   * carrier takes the package). For the order code, which quotes again server-side and never
   * trusts a client's price; call it outside any transaction (it may call a provider). It
   * checks the store, not who may ship where: the caller checks the address is the buyer's.
   */
  async function cotizarParaPedido({
    tiendaId,
    direccion,
    paquete,
  }: {
    tiendaId: string;
    direccion: PuntoGeo;
    paquete: Paquete;
  }): Promise<OpcionEnvioCotizada[]> {
    const tienda = await repository.findTiendaHabilitada(tiendaId);
    if (!tienda) throw envioErrors.tiendaNoEncontrada();
    const opciones = await envio.cotizar({
      origen: { latitud: tienda.latitud, longitud: tienda.longitud },
      destino: { latitud: direccion.latitud, longitud: direccion.longitud },
      paquete,
    });
    return opciones.map(toOpcion);
  }

  return {
    /**
     * POST envio/cotizar-previo: any signed-in user, to one of their own addresses (another
     * user's address is 404, as an unknown one). No option is `{ opciones: [] }`.
     */
    async cotizarPrevio(
      actor: Actor | null,
      solicitud: CotizarPrevioRequest,
    ): Promise<{ opciones: OpcionEnvio[] }> {
      const caller = requireActor(actor);
      const direccion = await repository.findDireccionDeUsuario(
        solicitud.direccionDestinoId,
        caller.id,
      );
      if (!direccion) throw envioErrors.direccionNoEncontrada();
      const { latitud, longitud } = direccion;
      if (latitud === null || longitud === null) {
        // The store is checked first all the same: an unknown store answers its own 404.
        if (!(await repository.findTiendaHabilitada(solicitud.tiendaId))) {
          throw envioErrors.tiendaNoEncontrada();
        }
        throw envioErrors.direccionSinUbicacion();
      }
      const opciones = await cotizarParaPedido({
        tiendaId: solicitud.tiendaId,
        direccion: { latitud, longitud },
        paquete: solicitud.paquete,
      });
      return { opciones: opciones.map(({ precioCentavos: _centavos, ...opcion }) => opcion) };
    },
    cotizarParaPedido,
  };
}

export type EnvioService = ReturnType<typeof createEnvioService>;
