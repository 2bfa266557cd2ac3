import { userRoom } from '@compra-grupal/contracts';
import type { EstadoPagoLeido } from '../../adapters/payments/payments.port';
import type { Mensajes } from '../aviso/mensajes.service';
import { preciosCoinciden, tomarLugares } from '../grupo-de-compra/grupo-de-compra.ports';
import type { EnvioEnGrupo } from './envio-en-grupo.service';
import { createReembolsosDelCiclo } from './reembolsos-del-ciclo.service';
import { anunciarStock, type RepositoriosDelCiclo } from './unidades-del-ciclo';

/** A provider payment as re-read from the provider (never the notification's body). */
export interface PagoDelProveedor {
  proveedorPagoId: string;
  pedidoId: string;
  tiendaId: string;
  estado: EstadoPagoLeido;
  montoCentavos: number;
  moneda: string;
  collectorId: string | null;
  /** The fees the provider reported kept from it (null: none reported). */
  comisiones: { mercadoPagoCentavos: number; marketplaceCentavos: number } | null;
}

/** The currency every part is charged in. */
export const MONEDA = 'ARS';

export interface Registro {
  error(object: object, message: string): void;
}

/** What applying a payment did: the refunds it recorded, to make after the commit. */
export interface PagoAplicado {
  resultado: 'aplicado' | 'ignorado' | 'reembolsado';
  reembolsoIds: string[];
}

/** Why a payment does not pay its part, or null when it matches (amount, currency, collector). */
export function porQueNoCoincide(
  pago: Pick<PagoDelProveedor, 'montoCentavos' | 'moneda' | 'collectorId'>,
  parte: { montoCentavos: number; mpUsuarioId: string | null },
): string | null {
  if (pago.moneda !== MONEDA) return `moneda ${pago.moneda || 'desconocida'}`;
  if (pago.montoCentavos !== parte.montoCentavos) {
    return `monto ${pago.montoCentavos} centavos, la parte vale ${parte.montoCentavos}`;
  }
  if (pago.collectorId !== null && pago.collectorId !== parte.mpUsuarioId) {
    return 'la cuenta que cobró no es la de la tienda';
  }
  return null;
}

/**
 * The order lifecycle's transitions (docs/decisions/028), each inside the caller's
 * transaction: what a provider payment does to its part, and what a cancelled group gives
 * back. The policy (what a part is, what it is owed) is ciclo-de-vida.ts.
 */
export function createCicloDeVida({
  log,
  mensajes,
  envioEnGrupo,
}: {
  log?: Registro;
  /**
   * Tells the shopper and the seller (docs/decisions/042) in the transition's transaction;
   * without it (the demo seed) nobody is told.
   */
  mensajes?: Pick<
    Mensajes,
    'pagoAprobado' | 'grupoCompleto' | 'grupoCasiCompleto' | 'pedidoEntregado'
  >;
  /** Settles 'Entrega en grupo' once a group ends (docs/decisions/057); not in the demo seed. */
  envioEnGrupo?: Pick<EnvioEnGrupo, 'alTerminarGrupo'>;
} = {}) {
  const reembolsos = createReembolsosDelCiclo({ mensajes, envioEnGrupo });

  /** Records a whole-payment refund in the ledger and marks the provider payment refused. */
  async function reembolsarPago(
    repos: RepositoriosDelCiclo,
    pago: PagoDelProveedor,
    usuarioId: string,
    motivo:
      | 'pago_duplicado'
      | 'sin_stock'
      | 'pago_no_coincide'
      | 'pedido_vencido'
      | 'precio_cambiado',
    ahora: Date,
  ): Promise<PagoAplicado> {
    await repos.cicloDeVida.insertPagoProveedor({
      proveedorPagoId: pago.proveedorPagoId,
      pedidoId: pago.pedidoId,
      tiendaId: pago.tiendaId,
      estado: 'a_reembolsar',
      montoCentavos: pago.montoCentavos,
      ahora,
    });
    const reembolsoIds = await repos.cicloDeVida.insertReembolsos([
      {
        motivo,
        pedidoId: pago.pedidoId,
        tiendaId: pago.tiendaId,
        usuarioId,
        proveedorPagoId: pago.proveedorPagoId,
        montoCentavos: pago.montoCentavos,
        clave: `reembolso-${pago.proveedorPagoId}`,
        ahora,
      },
    ]);
    return { resultado: 'reembolsado', reembolsoIds };
  }

  type Venta = { productoId: string; cantidad: number; stock: number }[];

  /** Puts units taken by `venderUnidades` back on sale (a sale undone in its transaction). */
  async function devolverVenta(repos: RepositoriosDelCiclo, venta: Venta) {
    for (const t of venta) await repos.pedido.incrementStock(t.productoId, t.cantidad);
  }

  /**
   * Takes the part's units from stock as it is sold, all or none (product id order): answers
   * the units taken with the stock left, or undefined (nothing taken) when any of them is gone,
   * that is, sold to someone who paid first. Another shopper's unpaid order never stands in the
   * way (docs/decisions/050).
   */
  async function venderUnidades(
    repos: RepositoriosDelCiclo,
    lineas: readonly { productoId: string; cantidad: number }[],
  ): Promise<Venta | undefined> {
    const venta: Venta = [];
    for (const linea of lineas) {
      const stock = await repos.pedido.decrementStock(linea.productoId, linea.cantidad);
      if (stock === undefined) {
        await devolverVenta(repos, venta);
        return undefined;
      }
      venta.push({ ...linea, stock });
    }
    return venta;
  }

  return {
    /**
     * Applies what the provider says of one payment to its part, exactly once whatever the
     * order or number of notifications (the order row is locked first; a provider payment in a
     * final state is never applied again):
     * - pending is recorded (the part shows `en_acreditacion`);
     * - a rejection of an unpaid part ends its hold;
     * - an approval that does not match the part (amount, currency, collector) is refunded
     *   whole and logged; one of a part already paid or refunded, of an order that can no
     *   longer complete, or whose units others paid for first, is refunded whole too;
     * - else the part is sold (its units leave stock) and approved; when every part is, the
     *   order is approved and each line takes its places through the ledger.
     */
    async aplicarPago(
      repos: RepositoriosDelCiclo,
      pago: PagoDelProveedor,
      ahora: Date,
    ): Promise<PagoAplicado> {
      const nada: PagoAplicado = { resultado: 'ignorado', reembolsoIds: [] };
      const parte = await repos.cicloDeVida.lockParte(
        pago.pedidoId,
        pago.tiendaId,
        pago.proveedorPagoId,
      );
      if (!parte) return nada;
      if (parte.estadoProveedor !== null && parte.estadoProveedor !== 'pendiente') return nada;
      const registrar = (estado: 'pendiente' | 'rechazado') =>
        repos.cicloDeVida.insertPagoProveedor({
          proveedorPagoId: pago.proveedorPagoId,
          pedidoId: pago.pedidoId,
          tiendaId: pago.tiendaId,
          estado,
          montoCentavos: pago.montoCentavos,
          ahora,
        });

      if (pago.estado === 'pending') {
        await registrar('pendiente');
        return nada;
      }
      if (pago.estado === 'rejected') {
        await registrar('rechazado');
        if (parte.estado !== 'pendiente') return nada;
        await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'rechazado', ahora);
        // Its hold ends; it took no units, so none go back.
        await repos.cicloDeVida.releaseLineas(pago.pedidoId, pago.tiendaId, 'reservado');
        return { resultado: 'aplicado', reembolsoIds: [] };
      }

      const distinto = porQueNoCoincide(pago, parte);
      if (distinto) {
        log?.error(
          {
            pedidoId: pago.pedidoId,
            tiendaId: pago.tiendaId,
            proveedorPagoId: pago.proveedorPagoId,
            motivo: distinto,
          },
          'pago aprobado que no coincide con su parte: se reembolsa',
        );
        return reembolsarPago(repos, pago, parte.usuarioId, 'pago_no_coincide', ahora);
      }
      if (parte.estado === 'aprobado' || parte.estado === 'reembolsado') {
        return reembolsarPago(repos, pago, parte.usuarioId, 'pago_duplicado', ahora);
      }
      // The order can no longer complete: another seller's part was refunded whole, or the
      // reservation was released while another seller was still unpaid (that part's units went
      // back on sale and the sweep will not see this order again).
      if (parte.otrasReembolsadas > 0 || (parte.reservaLiberada && parte.otrasSinAprobar > 0)) {
        await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'reembolsado', ahora);
        return reembolsarPago(repos, pago, parte.usuarioId, 'pedido_vencido', ahora);
      }
      const aprobarPedido = !parte.pedidoAprobado && parte.otrasSinAprobar === 0;
      // Everyone in a group pays its price: an order charged another (its seller changed the
      // price between checkout and payment, and the group then filled) takes no places and
      // is refunded whole, all of its sellers (docs/decisions/054). The check locks the
      // order's products before the sale does (both in id order) and rides on its round trip
      // (pipeline mode, db/client.ts); a sale it refuses is undone.
      const precios = aprobarPedido ? preciosCoinciden(repos, parte.lineas) : Promise.resolve(true);
      precios.catch(() => undefined);
      const venta = await venderUnidades(repos, parte.porVender);
      if (!(await precios)) {
        if (venta) await devolverVenta(repos, venta);
        await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'reembolsado', ahora);
        await repos.cicloDeVida.releaseLineas(pago.pedidoId, pago.tiendaId, 'reservado');
        const propio = await reembolsarPago(repos, pago, parte.usuarioId, 'precio_cambiado', ahora);
        const otros = await reembolsos.reembolsarPedidosVencidos(
          repos,
          [pago.pedidoId],
          ahora,
          'precio_cambiado',
        );
        return { resultado: 'reembolsado', reembolsoIds: [...propio.reembolsoIds, ...otros] };
      }
      if (!venta) {
        await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'reembolsado', ahora);
        return reembolsarPago(repos, pago, parte.usuarioId, 'sin_stock', ahora);
      }
      await anunciarStock(repos, new Map(venta.map((t) => [t.productoId, t.stock])));

      await repos.eventos.registrar(userRoom(parte.usuarioId), 'pagoAprobado', {
        pedidoId: pago.pedidoId,
        tiendaId: pago.tiendaId,
      });
      // Three waves on a pipelined connection (db/client.ts): the sale's one statement with the
      // receipt's reads; then the receipt's notice with the places (the product's lock is held
      // from there to COMMIT); then the outbox with COMMIT. The receipt reads nothing the sale
      // or the take changes, and runs beside them; it is awaited with them (a failure of either
      // fails the transaction), never left unhandled.
      const recibo = Promise.resolve(
        mensajes?.pagoAprobado(repos, {
          pedidoId: pago.pedidoId,
          tiendaId: pago.tiendaId,
          ahora,
        }),
      );
      recibo.catch(() => undefined);
      await repos.cicloDeVida.markParteVendida({
        parteId: parte.parteId,
        pedidoId: pago.pedidoId,
        tiendaId: pago.tiendaId,
        proveedorPagoId: pago.proveedorPagoId,
        montoCentavos: pago.montoCentavos,
        comisiones: pago.comisiones,
        aprobarPedido,
        ahora,
      });
      const completos = new Set<string>();
      /** Open groups this order left with few places, and how many (docs/decisions/055). */
      const casiCompletos = new Map<string, number>();
      if (aprobarPedido) {
        for (const linea of parte.lineas) {
          const tomas = await tomarLugares(repos, {
            productoId: linea.productoId,
            grupoId: linea.grupoId,
            cantidad: linea.cantidad,
            usuarioId: parte.usuarioId,
            pedidoId: pago.pedidoId,
            ahora,
            precioCentavos: linea.precioCentavos,
          });
          for (const toma of tomas) {
            if (toma.estado === 'cerrado') completos.add(toma.grupoId);
            else casiCompletos.set(toma.grupoId, toma.lugaresNecesarios - toma.lugaresOcupados);
          }
        }
      }
      await recibo;
      // After every line took its places: a group this order filled lists all of them.
      for (const grupoId of completos) {
        await mensajes?.grupoCompleto(repos, grupoId);
        await envioEnGrupo?.alTerminarGrupo(repos, grupoId);
      }
      for (const [grupoId, faltan] of casiCompletos) {
        if (completos.has(grupoId)) continue;
        await mensajes?.grupoCasiCompleto(repos, { grupoId, faltan, excepto: parte.usuarioId });
      }
      return { resultado: 'aplicado', reembolsoIds: [] };
    },

    ...reembolsos,
  };
}

export type CicloDeVida = ReturnType<typeof createCicloDeVida>;
