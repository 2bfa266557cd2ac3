import {
  type CotizarPrevioRequest,
  ENTREGA_EN_GRUPO,
  ENVIO_MENSAJES,
  type OpcionEnvio,
  PAQUETE_POR_DEFECTO,
  type Paquete,
  paqueteDeLineas,
} from '@compra-grupal/contracts';
import type { PlanificadorDeRutas } from '../../adapters/rutas/rutas.port';
import type { OpcionCotizada, PuntoGeo, ShippingPort } from '../../adapters/shipping/shipping.port';
import { distanciaKm } from '../../adapters/shipping/tarifario-shipping';
import { requireActor } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { centavosAPesos } from '../../lib/money';
import { paqueteDeFila } from '../producto/paquete-del-producto';
import { precioDeHoy, precioMinimo } from './entrega-en-grupo';
import type { EnvioRepository } from './envio.repository';

/**
 * What a shipment carries: units of products, each in the package its seller declared, and
 * the places of the product's groups ('Entrega en grupo' splits a route that many ways at most).
 */
export type LineaConPaquete = { paquete: Paquete; cantidad: number; lugaresDelGrupo?: number };

/** A shipping option as the wire shows it, with its exact price in centavos for an order. */
export type OpcionEnvioCotizada = OpcionEnvio & { precioCentavos: number };

/** 'Entrega en grupo' leaves when the group completes: that day or the next working day. */
const ENTREGA_EN_GRUPO_TIEMPO = 'Al completarse el grupo, en el día o el siguiente día hábil';

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
  rutas,
}: {
  repository: EnvioRepository;
  envio: ShippingPort;
  rutas: PlanificadorDeRutas;
}) {
  type Tienda = NonNullable<Awaited<ReturnType<EnvioRepository['findTiendaHabilitada']>>>;

  /**
   * The store's 'Entrega en grupo' to this point (docs/decisions/057), or nothing when it does
   * not offer it or the point is outside its coverage: today's price is the stop's own round
   * trip, the most the member's share can be; `hasta` the least it can fall to.
   */
  async function entregaEnGrupo(
    tienda: Tienda,
    destino: PuntoGeo,
    lineas: readonly LineaConPaquete[],
  ): Promise<OpcionEnvioCotizada | undefined> {
    if (!tienda.entregaEnGrupoActiva) return undefined;
    const origen = { latitud: tienda.latitud, longitud: tienda.longitud };
    if (distanciaKm(origen, destino) > tienda.coberturaKm) return undefined;
    const idaYVuelta = await rutas.planificar({
      origen,
      paradas: [{ id: 'destino', ...destino }],
      destino: origen,
    });
    const lugares = Math.max(1, ...lineas.map((l) => l.lugaresDelGrupo ?? 1));
    const hoy = precioDeHoy(tienda, idaYVuelta.distanciaMetros);
    return {
      carrier: ENTREGA_EN_GRUPO.carrier,
      servicio: ENTREGA_EN_GRUPO.servicio,
      tiempoEntrega: ENTREGA_EN_GRUPO_TIEMPO,
      diasMinimos: 0,
      diasMaximos: 1,
      precio: centavosAPesos(hoy),
      precioCentavos: hoy,
      entregaEnGrupo: {
        hasta: centavosAPesos(precioMinimo(tienda, idaYVuelta.distanciaMetros, lugares)),
      },
    };
  }

  /**
   * The shipping options from an enabled store to a point for these units, in one box made
   * of their sellers' packages (docs/decisions/051), the carriers' cheapest first and then the
   * store's own 'Entrega en grupo' (empty when nothing takes it). For the order code, which
   * quotes again server-side and never trusts a client's price; call it outside any
   * transaction (it may call a provider). It checks the store, not who may ship where: the
   * caller checks the address is the buyer's.
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
    const destino = { latitud: direccion.latitud, longitud: direccion.longitud };
    const [opciones, enGrupo] = await Promise.all([
      envio.cotizar({
        origen: { latitud: tienda.latitud, longitud: tienda.longitud },
        destino,
        paquete: paqueteDeLineas(lineas),
      }),
      // A routing engine that fails takes this option away, never the carriers'.
      entregaEnGrupo(tienda, destino, lineas).catch(() => undefined),
    ]);
    // Beside the carriers', after them: a price that falls later is not the cheapest today.
    return [...opciones.map(toOpcion), ...(enGrupo ? [enGrupo] : [])];
  }

  /** The cart lines of a store with their products' packages; 404 for any other product. */
  async function lineasDeTienda(
    tiendaId: string,
    items: NonNullable<CotizarPrevioRequest['items']>,
  ): Promise<LineaConPaquete[]> {
    const filas = new Map(
      (
        await repository.findPaquetesDeTienda(
          tiendaId,
          items.map((i) => i.productoId),
        )
      ).map((fila) => [fila.id, fila]),
    );
    return items.map((item) => {
      const fila = filas.get(item.productoId);
      if (!fila) throw envioErrors.productoNoEncontrado();
      return {
        paquete: paqueteDeFila(fila),
        cantidad: item.cantidadSolicitada,
        lugaresDelGrupo: fila.cantidadTotalGrupo,
      };
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
