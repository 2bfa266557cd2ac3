import {
  type CotizarPrevioRequest,
  ENVIO_MENSAJES,
  type OpcionEnvio,
  PAQUETE_POR_DEFECTO,
  type Paquete,
  paqueteDeLineas,
} from '@compra-grupal/contracts';
import type { OpcionCotizada, PuntoGeo, ShippingPort } from '../../adapters/shipping/shipping.port';
import { requireActor } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { centavosAPesos } from '../../lib/money';
import { paqueteDeFila } from '../producto/paquete-del-producto';
import type { EnvioRepository } from './envio.repository';

/** What a shipment carries: units of products, each in the package its seller declared. */
export type LineaConPaquete = { paquete: Paquete; cantidad: number };

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
  /** A cart line of another store, or of a product not on sale. */
  productoNoEncontrado: () => notFound('PRODUCTO_NO_ENCONTRADO'),
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
   * The shipping options from an enabled store to a point for these units, in one box made
   * of their sellers' packages (docs/decisions/051), cheapest first (empty when no carrier
   * takes it). For the order code, which quotes again server-side and never
   * trusts a client's price; call it outside any transaction (it may call a provider). It
   * checks the store, not who may ship where: the caller checks the address is the buyer's.
   */
  async function cotizarParaPedido({
    tiendaId,
    direccion,
    lineas,
  }: {
    tiendaId: string;
    direccion: PuntoGeo;
    lineas: readonly LineaConPaquete[];
  }): Promise<OpcionEnvioCotizada[]> {
    const tienda = await repository.findTiendaHabilitada(tiendaId);
    if (!tienda) throw envioErrors.tiendaNoEncontrada();
    const opciones = await envio.cotizar({
      origen: { latitud: tienda.latitud, longitud: tienda.longitud },
      destino: { latitud: direccion.latitud, longitud: direccion.longitud },
      paquete: paqueteDeLineas(lineas),
    });
    return opciones.map(toOpcion);
  }

  /** The cart lines of a store with their products' packages; 404 for any other product. */
  async function lineasDeTienda(
    tiendaId: string,
    items: NonNullable<CotizarPrevioRequest['items']>,
  ): Promise<LineaConPaquete[]> {
    const paquetes = new Map(
      (
        await repository.findPaquetesDeTienda(
          tiendaId,
          items.map((i) => i.productoId),
        )
      ).map((fila) => [fila.id, paqueteDeFila(fila)]),
    );
    return items.map((item) => {
      const paquete = paquetes.get(item.productoId);
      if (!paquete) throw envioErrors.productoNoEncontrado();
      return { paquete, cantidad: item.cantidadSolicitada };
    });
  }

  return {
    /**
     * POST envio/cotizar-previo: any signed-in user, to one of their own addresses (another
     * user's address is 404, as an unknown one). No option is `{ opciones: [] }`. The price
     * comes from the packages of the products in `items` (the store's, on sale); the
     * `paquete` the client declares is never read. Without `items`, one default package.
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
      const lineas = solicitud.items
        ? await lineasDeTienda(solicitud.tiendaId, solicitud.items)
        : [{ paquete: PAQUETE_POR_DEFECTO, cantidad: 1 }];
      const opciones = await cotizarParaPedido({
        tiendaId: solicitud.tiendaId,
        direccion: { latitud, longitud },
        lineas,
      });
      return { opciones: opciones.map(({ precioCentavos: _centavos, ...opcion }) => opcion) };
    },
    cotizarParaPedido,
  };
}

export type EnvioService = ReturnType<typeof createEnvioService>;
