import { rooms, userRoom } from '@compra-grupal/contracts';
import type { EstadoPagoLeido } from '../../adapters/payments/payments.port';
import type { OrdenDeBloqueo } from '../../db/orden-de-bloqueo';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { Mensajes } from '../aviso/mensajes.service';
import { type LugaresDelGrupo, tomarLugares } from '../grupo-de-compra/grupo-de-compra.ports';
import { pedidoEntregado, reembolsoPorCancelacion } from './ciclo-de-vida';
import type { CicloDeVidaRepository } from './ciclo-de-vida.repository';
import type { PedidoRepository } from './pedido.repository';

/**
 * The repositories of the caller's transaction that the lifecycle writes through: its own,
 * the orders' stock, the outbox and the places ledger's (pedido.ports.ts offers this to the
 * modules that run a transition).
 */
export interface RepositoriosDelCiclo extends RepositoriosDelAviso {
  /** Row locks in the one order (db/orden-de-bloqueo.ts). */
  bloqueos: OrdenDeBloqueo;
  cicloDeVida: CicloDeVidaRepository;
  pedido: Pick<PedidoRepository, 'incrementStock' | 'decrementStock'>;
  eventos: OutboxRepository;
  grupoDeCompra: LugaresDelGrupo['grupoDeCompra'];
}

/** A provider payment as re-read from the provider (never the notification's body). */
export interface PagoDelProveedor {
  proveedorPagoId: string;
  pedidoId: string;
  tiendaId: string;
  estado: EstadoPagoLeido;
  montoCentavos: number;
  moneda: string;
  collectorId: string | null;
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
 * Records `stockActualizado` for each product whose stock changed (product id order).
 */
async function anunciarStock(repos: RepositoriosDelCiclo, cambios: Map<string, number>) {
  for (const [productoId, nuevoStock] of [...cambios].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await repos.eventos.registrar(rooms.producto(productoId), 'stockActualizado', {
      productoId,
      nuevoStock,
    });
  }
}

/** The part's units go back on sale (`stockActualizado`): reserved ones, or sold ones refunded. */
async function devolverUnidades(
  repos: RepositoriosDelCiclo,
  pedidoId: string,
  tiendaId: string,
  desde: 'reservado' | 'vendido',
) {
  const liberadas = await repos.cicloDeVida.releaseLineas(pedidoId, tiendaId, desde);
  const stock = new Map<string, number>();
  for (const l of [...liberadas].sort((a, b) => (a.productoId < b.productoId ? -1 : 1))) {
    const nuevo = await repos.pedido.incrementStock(l.productoId, l.cantidad);
    if (nuevo !== undefined) stock.set(l.productoId, nuevo);
  }
  await anunciarStock(repos, stock);
}

/**
 * The order lifecycle's transitions (docs/decisions/028), each inside the caller's
 * transaction: what a provider payment does to its part, and what a cancelled group gives
 * back. The policy (what a part is, what it is owed) is ciclo-de-vida.ts.
 */
export function createCicloDeVida({
  log,
  mensajes,
}: {
  log?: Registro;
  /**
   * Tells the shopper and the seller (docs/decisions/042) in the transition's transaction;
   * without it (the demo seed) nobody is told.
   */
  mensajes?: Pick<Mensajes, 'pagoAprobado' | 'grupoCompleto' | 'pedidoEntregado'>;
} = {}) {
  /** Records a whole-payment refund in the ledger and marks the provider payment refused. */
  async function reembolsarPago(
    repos: RepositoriosDelCiclo,
    pago: PagoDelProveedor,
    usuarioId: string,
    motivo: 'pago_duplicado' | 'sin_stock' | 'pago_no_coincide' | 'pedido_vencido',
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

  /**
   * Takes again the units a rejection or the expiry released, all or none: answers false
   * (nothing taken) when any of them is gone.
   */
  async function retomarLiberadas(
    repos: RepositoriosDelCiclo,
    liberadas: readonly { productoId: string; cantidad: number }[],
  ) {
    const tomadas: { productoId: string; cantidad: number; stock: number }[] = [];
    for (const linea of liberadas) {
      const stock = await repos.pedido.decrementStock(linea.productoId, linea.cantidad);
      if (stock === undefined) {
        for (const t of tomadas) await repos.pedido.incrementStock(t.productoId, t.cantidad);
        return false;
      }
      tomadas.push({ ...linea, stock });
    }
    await anunciarStock(repos, new Map(tomadas.map((t) => [t.productoId, t.stock])));
    return true;
  }

  return {
    /**
     * Applies what the provider says of one payment to its part, exactly once whatever the
     * order or number of notifications (the order row is locked first; a provider payment in a
     * final state is never applied again):
     * - pending is recorded (the part shows `en_acreditacion`);
     * - a rejection of an unpaid part releases its reserved units;
     * - an approval that does not match the part (amount, currency, collector) is refunded
     *   whole and logged; one of a part already paid or refunded, of an order that can no
     *   longer complete, or whose released units are gone, is refunded whole too;
     * - else the part is sold and approved; when every part is, the order is approved and each
     *   line takes its places through the ledger.
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
        await devolverUnidades(repos, pago.pedidoId, pago.tiendaId, 'reservado');
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
      if (parte.liberadas.length > 0 && !(await retomarLiberadas(repos, parte.liberadas))) {
        await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'reembolsado', ahora);
        return reembolsarPago(repos, pago, parte.usuarioId, 'sin_stock', ahora);
      }

      const aprobarPedido = !parte.pedidoAprobado && parte.otrasSinAprobar === 0;
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
        aprobarPedido,
        ahora,
      });
      const completos = new Set<string>();
      if (aprobarPedido) {
        for (const linea of parte.lineas) {
          const tomas = await tomarLugares(repos, {
            productoId: linea.productoId,
            grupoId: linea.grupoId,
            cantidad: linea.cantidad,
            usuarioId: parte.usuarioId,
            pedidoId: pago.pedidoId,
            ahora,
          });
          for (const toma of tomas) if (toma.estado === 'cerrado') completos.add(toma.grupoId);
        }
      }
      await recibo;
      // After every line took its places: a group this order filled lists all of them.
      for (const grupoId of completos) await mensajes?.grupoCompleto(repos, grupoId);
      return { resultado: 'aplicado', reembolsoIds: [] };
    },

    /**
     * Orders whose reservation just ran out (the expiry sweep, after releasing what they held):
     * an order that not every seller was paid for never takes places, so each part that was
     * paid is refunded whole, marked `reembolsado`, and its units go back on sale
     * (docs/decisions/028). Answers the refunds recorded.
     */
    async reembolsarPedidosVencidos(
      repos: RepositoriosDelCiclo,
      pedidoIds: string[],
      ahora: Date,
    ): Promise<string[]> {
      const partes = await repos.cicloDeVida.findPartes(pedidoIds, ahora);
      const incompletos = new Set(
        partes.filter((p) => p.estadoPago !== 'aprobado').map((p) => p.pedidoId),
      );
      const pagadas = partes.filter(
        (p) =>
          incompletos.has(p.pedidoId) &&
          p.estadoPago === 'aprobado' &&
          p.participaciones.length === 0 &&
          !p.entregada,
      );
      for (const parte of pagadas) {
        await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'reembolsado', ahora);
        // Nothing of it ships: its units go back on sale.
        await devolverUnidades(repos, parte.pedidoId, parte.tiendaId, 'vendido');
      }
      return repos.cicloDeVida.insertReembolsos(
        pagadas.map((parte) => ({
          motivo: 'pedido_vencido' as const,
          pedidoId: parte.pedidoId,
          tiendaId: parte.tiendaId,
          usuarioId: parte.usuarioId,
          proveedorPagoId: parte.proveedorPagoId,
          montoCentavos: parte.montoCentavos,
          clave: `reembolso-${parte.proveedorPagoId ?? parte.parteId}`,
          ahora,
        })),
      );
    },

    /**
     * A group was just cancelled (its row is `cancelado` in this transaction; the caller
     * locked the orders with places in it, then its product, as docs/decisions/046 says, so
     * the orders' other groups read here are final for this decision): records one refund per
     * participation of a paid order, its share by the policy, marks the parts that nothing of
     * ships any more `reembolsado`, puts the group's units back on sale, and tells the
     * shoppers whose order is now delivered whole (the part that remained was delivered).
     * Answers the refunds recorded.
     */
    async reembolsarGrupoCancelado(
      repos: RepositoriosDelCiclo,
      grupoId: string,
      ahora: Date,
    ): Promise<{ ids: string[]; montoCentavos: number }> {
      const participaciones = await repos.cicloDeVida.findParticipacionesDeGrupo(grupoId);
      const pedidoIds = [...new Set(participaciones.map((p) => p.pedidoId))];
      const partes = await repos.cicloDeVida.findPartes(pedidoIds, ahora);
      const filas = [];
      for (const participacion of participaciones) {
        const parte = partes.find(
          (p) => p.pedidoId === participacion.pedidoId && p.tiendaId === participacion.tiendaId,
        );
        if (!parte) continue;
        // The share of this participation alone: a part may hold several in one group.
        const propia = {
          ...parte,
          participaciones: parte.participaciones.filter(
            (p) => p.grupoId !== grupoId || p.participanteId === participacion.participanteId,
          ),
        };
        const yaContadas = filas.filter(
          (f) => f.pedidoId === parte.pedidoId && f.tiendaId === parte.tiendaId,
        ).length;
        // Shipping goes back once, with the part's last participation in the group.
        const monto = reembolsoPorCancelacion(
          yaContadas < participacionesDe(parte, grupoId) - 1
            ? { ...propia, envioCentavos: 0 }
            : propia,
          grupoId,
        );
        filas.push({
          motivo: 'grupo_cancelado' as const,
          pedidoId: parte.pedidoId,
          tiendaId: parte.tiendaId,
          usuarioId: participacion.usuarioId,
          proveedorPagoId: participacion.proveedorPagoId,
          montoCentavos: monto,
          clave: `reembolso-grupo-${participacion.participanteId}`,
          grupoId,
          participanteId: participacion.participanteId,
          ahora,
        });
      }
      const ids = await repos.cicloDeVida.insertReembolsos(filas);
      let devueltas = 0;
      let productoId: string | undefined;
      for (const parte of partes) {
        const enElGrupo = parte.participaciones.filter((p) => p.grupoId === grupoId);
        if (enElGrupo.length === 0) continue;
        for (const p of enElGrupo) {
          devueltas += p.cantidad;
          productoId = p.productoId;
        }
        const siguen = parte.participaciones.some(
          (p) => p.grupoId !== grupoId && p.estadoGrupo !== 'cancelado',
        );
        if (parte.estadoPago === 'aprobado' && !siguen) {
          await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'reembolsado', ahora);
        }
      }
      // The places given back are units no one bought any more: back on sale (the caller
      // holds the product's lock).
      if (productoId && devueltas > 0) {
        const nuevo = await repos.pedido.incrementStock(productoId, devueltas);
        if (nuevo !== undefined) await anunciarStock(repos, new Map([[productoId, nuevo]]));
      }
      for (const pedidoId of pedidoIds) {
        const delPedido = partes.filter((p) => p.pedidoId === pedidoId);
        if (!pedidoEntregado(delPedido)) continue;
        // Before this cancellation the group still went on: was the order delivered already?
        const antes = delPedido.map((p) => ({
          ...p,
          participaciones: p.participaciones.map((x) =>
            x.grupoId === grupoId ? { ...x, estadoGrupo: 'abierto' as const } : x,
          ),
        }));
        if (pedidoEntregado(antes)) continue;
        await mensajes?.pedidoEntregado(repos, { pedidoId, ahora });
      }
      return { ids, montoCentavos: filas.reduce((t, f) => t + f.montoCentavos, 0) };
    },
  };
}

const participacionesDe = (
  parte: { participaciones: readonly { grupoId: string }[] },
  grupoId: string,
) => parte.participaciones.filter((p) => p.grupoId === grupoId).length;

export type CicloDeVida = ReturnType<typeof createCicloDeVida>;
