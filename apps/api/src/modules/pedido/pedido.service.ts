import {
  type CancelarPedidoResponse,
  type CrearPreferenciaRequest,
  ESTADOS_PARTE_PAGADA,
  type EstadoPagosResponse,
  type EstadoParte,
  LIMITES_RESERVA,
  type OpcionEnvio,
  type PagoPorVendedor,
  type Paquete,
  type PedidoConPagos,
  rooms,
} from '@compra-grupal/contracts';
import type { OrdenDeBloqueo } from '../../db/orden-de-bloqueo';
import type { WithTransaction } from '../../db/unit-of-work';
import { requireActor, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { centavosAPesos, pesosACentavos } from '../../lib/money';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import { AVISO_RESERVA_MINUTOS, type Mensajes } from '../aviso/mensajes.service';
import type { LugaresDelGrupo } from '../grupo-de-compra/grupo-de-compra.ports';
import { estadoDePedido, type VistaDelPedido, vistaDelPedido } from './ciclo-de-vida';
import type { CicloDeVidaRepository } from './ciclo-de-vida.repository';
import type { CicloDeVida } from './ciclo-de-vida.service';
import { generarCodigoEntrega } from './codigo-entrega';
import type { PedidoRepository } from './pedido.repository';
import type { ReembolsosService } from './reembolsos.service';

/**
 * The server-side shipping quote of one store's part of an order (the envio module's
 * `cotizarParaPedido`); its price is the one the order keeps, never the client's.
 */
export type CotizarParaPedido = (input: {
  tiendaId: string;
  direccion: { latitud: number; longitud: number };
  paquete: Paquete;
}) => Promise<(OpcionEnvio & { precioCentavos: number })[]>;

/** Orders listed by Mis Pagos: the newest ones, at most this many. */
export const PEDIDOS_POR_USUARIO_MAX = 100;
/** Expired orders released per transaction by the sweep. */
const LOTE_VENCIDOS = 50;
/** Draws of a delivery code before giving up (a collision is one in ~887 million). */
const INTENTOS_CODIGO = 5;

const stockInsuficiente = (nombre: string) =>
  new AppError(409, 'STOCK_INSUFICIENTE', `No hay stock suficiente de ${nombre}`);
const noDisponible = (nombre: string) =>
  new AppError(409, 'PRODUCTO_NO_DISPONIBLE', `${nombre} ya no está a la venta`);
const productoPropio = (nombre: string) =>
  new AppError(
    409,
    'PRODUCTO_PROPIO',
    `${nombre} es un producto de tu tienda: no puedes comprarlo ni unirte a su grupo`,
  );
const envioNoDisponible = (tienda: string) =>
  new AppError(
    400,
    'ENVIO_NO_DISPONIBLE',
    `No se encontraron opciones de envío disponibles para ${tienda}`,
  );
const pedidoNoEncontrado = () => notFound('PEDIDO_NO_ENCONTRADO');
const reservaPorProducto = (nombre: string, maximo: number, retenidas: number) =>
  new AppError(
    409,
    'RESERVA_POR_PRODUCTO',
    `Puedes reservar hasta ${maximo} unidades de ${nombre} a la vez.${
      retenidas > 0
        ? ` Tus pedidos sin pagar ya reservan ${retenidas}: paga o cancela el pedido pendiente, o pide menos unidades.`
        : ' Pide menos unidades.'
    }`,
  );

/**
 * The most units of one product a shopper's unpaid orders may hold (docs/decisions/029): the
 * larger of a floor and a share of the product's stock before the shopper's reservation.
 */
export const maximoReservablePorProducto = (stock: number): number =>
  Math.max(
    LIMITES_RESERVA.unidadesMinimasPorProducto,
    Math.floor((stock * LIMITES_RESERVA.porcentajeStockPorProducto) / 100),
  );

/** What decides whether an order can be cancelled, or replaced by a new one of its shopper. */
/**
 * What an order's transactions write through: the orders, the lifecycle (the expiry refunds
 * run through it, so the places ledger's part too) and the outbox.
 */
type RepositoriosDelPedido = RepositoriosDelAviso & {
  bloqueos: OrdenDeBloqueo;
  pedido: PedidoRepository;
  cicloDeVida: CicloDeVidaRepository;
  eventos: OutboxRepository;
  grupoDeCompra: LugaresDelGrupo['grupoDeCompra'];
};

interface SituacionDePedido {
  /** Some part is paid. */
  pagado: boolean;
  /** The provider holds a payment of it still pending. */
  enAcreditacion: boolean;
}

/** Nothing paid and no payment in flight: cancelling gives nothing back but stock. */
const esCancelable = (p: SituacionDePedido) => !p.pagado && !p.enAcreditacion;

type LineaFusionada = { productoId: string; cantidad: number; grupoId?: string };

/** Duplicate lines of one product become one (quantities added; the first chosen group). */
function fusionarLineas(productos: CrearPreferenciaRequest['productos']): LineaFusionada[] {
  const porProducto = new Map<string, LineaFusionada>();
  for (const p of productos) {
    const actual = porProducto.get(p.productoId);
    if (actual) {
      actual.cantidad += p.cantidadSolicitada;
      actual.grupoId ??= p.grupoId;
    } else {
      porProducto.set(p.productoId, {
        productoId: p.productoId,
        cantidad: p.cantidadSolicitada,
        ...(p.grupoId ? { grupoId: p.grupoId } : {}),
      });
    }
  }
  return [...porProducto.values()];
}

const redondear1 = (n: number) => Math.round(n * 10) / 10;

const PARTE_PAGADA = new Set<EstadoParte>(ESTADOS_PARTE_PAGADA);
const PARTE_POR_PAGAR = new Set<EstadoParte>(['por_pagar', 'en_acreditacion', 'rechazado']);

export function createPedidoService({
  repository,
  withTransaction,
  cotizarParaPedido,
  reservaMinutos,
  lecturasDelCiclo,
  cicloDeVida,
  reembolsos,
  mensajes,
  clock = systemClock,
}: {
  repository: PedidoRepository;
  withTransaction: WithTransaction<RepositoriosDelPedido>;
  cotizarParaPedido: CotizarParaPedido;
  reservaMinutos: number;
  /** The order lifecycle's reads: each part's state and refunds. */
  lecturasDelCiclo: Pick<CicloDeVidaRepository, 'findPartes'>;
  /** The order lifecycle's transitions: what an expired order gives back. */
  cicloDeVida: Pick<CicloDeVida, 'reembolsarPedidosVencidos'>;
  /** The refund ledger's worker. */
  reembolsos: Pick<ReembolsosService, 'hacerAhora'>;
  /** Tells the shopper (docs/decisions/042); without it (the demo seed) nobody is told. */
  mensajes?: Pick<Mensajes, 'pedidoCreado' | 'reservasPorVencer'>;
  clock?: Clock;
}) {
  /**
   * Releases what these orders still hold, one code for the expiry sweep, a cancellation and
   * the orders a new one replaces (docs/decisions/024 and 029): their reserved units go back on
   * sale (`stockActualizado`), their pending payments become `rechazado`, and each order is
   * marked released (a reservation that still ran ends now). Lines of approved payments are
   * sold and stay. The caller holds the orders' row locks. Answers the stock now of each
   * product that got units back.
   */
  async function liberarReservas(
    repos: RepositoriosDelPedido,
    pedidoIds: string[],
    ahora: Date,
  ): Promise<Map<string, number>> {
    const stock = new Map<string, number>();
    if (pedidoIds.length === 0) return stock;
    const liberadas = await repos.pedido.releaseLineas(pedidoIds);
    const porProducto = new Map<string, number>();
    for (const l of liberadas) {
      porProducto.set(l.productoId, (porProducto.get(l.productoId) ?? 0) + l.cantidad);
    }
    for (const [productoId, cantidad] of [...porProducto].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const nuevoStock = await repos.pedido.incrementStock(productoId, cantidad);
      if (nuevoStock === undefined) continue;
      stock.set(productoId, nuevoStock);
      await repos.eventos.registrar(rooms.producto(productoId), 'stockActualizado', {
        productoId,
        nuevoStock,
      });
    }
    await repos.pedido.markPagosPendientesRechazados(pedidoIds, ahora);
    await repos.pedido.markReservaLiberada(pedidoIds, ahora);
    return stock;
  }

  /**
   * The holds rule (docs/decisions/029), first in the create transaction: locks the shopper's
   * user row (their creates and cancels run one at a time), releases their older orders that
   * nothing was paid of and no payment is in flight for (the new order replaces them), then
   * checks the caps against what their other unpaid orders still hold: at most
   * `LIMITES_RESERVA.pedidosSinPagar` of them counting the new one, and per product at most
   * `maximoReservablePorProducto` of the stock before this reservation. The products the
   * transaction gives back or takes are locked first, in id order.
   */
  async function reemplazarYLimitar(
    repos: RepositoriosDelPedido,
    usuarioId: string,
    lineas: LineaFusionada[],
    nombres: Map<string, string>,
    ahora: Date,
  ): Promise<void> {
    const { pedido: pedidoRepo } = repos;
    await pedidoRepo.lockComprador(usuarioId);
    const ids = await pedidoRepo.lockPedidosConReserva(usuarioId);
    const situacion = ids.length > 0 ? await pedidoRepo.findSituacionDePedidos(ids) : [];
    const reemplazados = situacion.filter(esCancelable).map((p) => p.id);
    // Orders kept (some part paid, or a payment in flight) that can still be paid.
    const abiertos = situacion
      .filter((p) => !esCancelable(p) && p.porPagar && p.reservaExpiraEn > ahora)
      .map((p) => p.id);
    const deReemplazados = new Set(reemplazados);
    const retenidas = new Map<string, number>();
    const aBloquear = new Set(lineas.map((l) => l.productoId));
    const reservadas =
      reemplazados.length + abiertos.length > 0
        ? await pedidoRepo.findLineasReservadas([...reemplazados, ...abiertos])
        : [];
    for (const l of reservadas) {
      if (deReemplazados.has(l.pedidoId)) aBloquear.add(l.productoId);
      else retenidas.set(l.productoId, (retenidas.get(l.productoId) ?? 0) + l.cantidad);
    }
    const stock = await pedidoRepo.lockProductos([...aBloquear]);
    const devuelto = await liberarReservas(repos, reemplazados, ahora);

    if (abiertos.length >= LIMITES_RESERVA.pedidosSinPagar) {
      throw appError(409, 'RESERVAS_MAXIMAS');
    }
    for (const linea of lineas) {
      const retenida = retenidas.get(linea.productoId) ?? 0;
      const enVenta = devuelto.get(linea.productoId) ?? stock.get(linea.productoId) ?? 0;
      const maximo = maximoReservablePorProducto(enVenta + retenida);
      if (retenida + linea.cantidad > maximo) {
        throw reservaPorProducto(
          nombres.get(linea.productoId) ?? 'este producto',
          maximo,
          retenida,
        );
      }
    }
  }

  /**
   * The payments of these orders, with their products, as the contract shows them, and what
   * the lifecycle says of each order as a whole (its parts' states within it, its state, its
   * refund and the shopper's actions: ciclo-de-vida.ts `vistaDelPedido`).
   */
  async function pagosDe(
    pedidoIds: string[],
  ): Promise<{ pagos: Map<string, PagoPorVendedor[]>; vistas: Map<string, VistaDelPedido> }> {
    const [pagos, lineas, ciclo] = await Promise.all([
      repository.findPagosDePedidos(pedidoIds),
      repository.findLineasDePedidos(pedidoIds),
      lecturasDelCiclo.findPartes(pedidoIds, clock.now()),
    ]);
    const vistas = new Map<string, VistaDelPedido>();
    const vistasDePartes = new Map<string, VistaDelPedido['partes'][number]>();
    for (const pedidoId of new Set(ciclo.map((c) => c.pedidoId))) {
      const partes = ciclo.filter((c) => c.pedidoId === pedidoId);
      const vista = vistaDelPedido(partes);
      vistas.set(pedidoId, vista);
      partes.forEach((c, i) => {
        const deParte = vista.partes[i];
        if (deParte) vistasDePartes.set(`${pedidoId}:${c.tiendaId}`, deParte);
      });
    }
    const porPedido = new Map<string, PagoPorVendedor[]>();
    for (const pago of pagos) {
      const lista = porPedido.get(pago.pedidoId) ?? [];
      const vista = vistasDePartes.get(`${pago.pedidoId}:${pago.tiendaId}`);
      lista.push({
        tiendaId: pago.tiendaId,
        tiendaNombre: pago.tiendaNombre,
        tiendaLogo: pago.tiendaLogo,
        monto: centavosAPesos(pago.montoCentavos),
        envio: centavosAPesos(pago.envioCentavos),
        estado: pago.estado,
        estadoParte: vista?.estado ?? 'por_pagar',
        reembolsado: centavosAPesos(vista?.reembolsadoCentavos ?? 0),
        reembolsoTotal: vista?.reembolsoTotal ?? false,
        acciones: { pagar: vista?.acciones.pagar ?? false },
        productos: lineas
          .filter((l) => l.pedidoId === pago.pedidoId && l.tiendaId === pago.tiendaId)
          .map((l) => ({
            productoId: l.productoId,
            nombre: l.nombre,
            imagen: l.imagen,
            cantidad: l.cantidad,
            precio: centavosAPesos(l.precioCentavos),
          })),
      });
      porPedido.set(pago.pedidoId, lista);
    }
    return { pagos: porPedido, vistas };
  }

  return {
    /**
     * POST pago/crearPreferencia (docs/decisions/024): checks the caller, the address, the
     * products, the sellers' payment accounts and the chosen shipping (quoted again here),
     * then writes the order, its lines and one pending payment per seller and reserves the
     * stock, in one transaction. Answers the new order's id.
     */
    async crear(actor: Actor | null, pedido: CrearPreferenciaRequest): Promise<string> {
      requireOwner(actor, pedido.usuarioId);

      const direccion = await repository.findDireccion(pedido.direccionId);
      if (!direccion || direccion.usuarioId !== pedido.usuarioId) {
        throw notFound('DIRECCION_NO_ENCONTRADA');
      }

      const lineas = fusionarLineas(pedido.productos);
      const productos = new Map(
        (await repository.findProductosParaPedido(lineas.map((l) => l.productoId))).map((p) => [
          p.id,
          p,
        ]),
      );
      // What the shopper's own unpaid orders hold may come back: the new order replaces them.
      const retenidas = await repository.countUnidadesRetenidas(
        pedido.usuarioId,
        lineas.map((l) => l.productoId),
      );
      for (const linea of lineas) {
        const producto = productos.get(linea.productoId);
        if (!producto) throw notFound('PRODUCTO_NO_ENCONTRADO');
        if (!producto.disponible || producto.retiradoEn || !producto.tiendaHabilitada) {
          throw noDisponible(producto.nombre);
        }
        if (producto.tiendaUsuarioId === pedido.usuarioId) throw productoPropio(producto.nombre);
        // Checked again, for real, by the conditional update in the transaction.
        if (producto.stock + (retenidas.get(linea.productoId) ?? 0) < linea.cantidad) {
          throw stockInsuficiente(producto.nombre);
        }
      }

      const elegidos = lineas.filter((l) => l.grupoId);
      if (elegidos.length > 0) {
        const grupos = new Map(
          (await repository.findProductoDeGrupos(elegidos.map((l) => l.grupoId as string))).map(
            (g) => [g.id, g.productoId],
          ),
        );
        for (const linea of elegidos) {
          if (grupos.get(linea.grupoId as string) !== linea.productoId) {
            throw new AppError(400, 'VALIDACION', 'El grupo elegido no es de ese producto', [
              { campo: 'productos.grupoId', mensaje: 'El grupo elegido no es de ese producto' },
            ]);
          }
        }
      }

      // The sellers of the cart, in the order they first appear.
      const tiendas = new Map<string, { nombre: string; mpVinculado: boolean }>();
      for (const linea of lineas) {
        const p = productos.get(linea.productoId);
        if (p && !tiendas.has(p.tiendaId)) {
          tiendas.set(p.tiendaId, { nombre: p.tiendaNombre, mpVinculado: p.mpVinculado });
        }
      }
      const sinMp = [...tiendas.values()].filter((t) => !t.mpVinculado);
      if (sinMp.length > 0) {
        throw new AppError(
          409,
          'TIENDAS_SIN_MP',
          `Estas tiendas todavía no tienen Mercado Pago configurado: ${sinMp.map((t) => t.nombre).join(', ')}`,
          undefined,
          sinMp.map((t) => ({ nombre: t.nombre })),
        );
      }

      // One chosen shipping option per seller of the cart, and none for other stores.
      const envios = new Map(pedido.envios.map((e) => [e.tiendaId, e]));
      if (
        pedido.envios.some((e) => !tiendas.has(e.tiendaId)) ||
        envios.size !== pedido.envios.length
      ) {
        throw new AppError(
          400,
          'VALIDACION',
          'Cada tienda del carrito lleva un solo envío elegido',
          [{ campo: 'envios', mensaje: 'Hay envíos de tiendas que no están en el carrito' }],
        );
      }
      const { latitud, longitud } = direccion;
      // An address typed at sign-up has no point yet: the same answer as the quote's.
      if (latitud === null || longitud === null) throw appError(422, 'DIRECCION_SIN_UBICACION');
      // Outside the transaction (decision 011): the quote may call a carrier.
      const cotizados = await Promise.all(
        [...tiendas].map(async ([tiendaId, tienda]) => {
          const elegido = envios.get(tiendaId);
          if (!elegido) throw envioNoDisponible(tienda.nombre);
          const opciones = await cotizarParaPedido({
            tiendaId,
            direccion: { latitud, longitud },
            paquete: pedido.paquete,
          });
          const opcion = opciones.find(
            (o) => o.carrier === elegido.carrier && o.servicio === elegido.servicio,
          );
          if (!opcion) throw envioNoDisponible(tienda.nombre);
          return [tiendaId, opcion] as const;
        }),
      );
      const envioDe = new Map(cotizados);

      const ahora = clock.now();
      const pedidoId = newId();
      await withTransaction(async (repos) => {
        const { pedido: pedidoRepo } = repos;
        await reemplazarYLimitar(
          repos,
          pedido.usuarioId,
          lineas,
          new Map([...productos.values()].map((p) => [p.id, p.nombre])),
          ahora,
        );
        let insertado: { id: string } | undefined;
        for (let i = 0; i < INTENTOS_CODIGO && !insertado; i++) {
          insertado = await pedidoRepo.insertPedido({
            id: pedidoId,
            usuarioId: pedido.usuarioId,
            codigo: generarCodigoEntrega(),
            direccion: direccion.direccion,
            departamento: direccion.departamento,
            descripcion: direccion.descripcion,
            ciudad: direccion.ciudad,
            provincia: direccion.provincia,
            codigoPostal: direccion.codigoPostal,
            latitud: direccion.latitud,
            longitud: direccion.longitud,
            telefono: pedido.telefono,
            paquete: pedido.paquete,
            creadoEn: ahora,
            reservaExpiraEn: new Date(ahora.getTime() + reservaMinutos * 60_000),
          });
        }
        if (!insertado) throw new Error('no se pudo generar un código de entrega libre');

        await pedidoRepo.insertLineas(
          lineas.map((linea) => {
            const producto = productos.get(linea.productoId);
            if (!producto) throw new Error('producto perdido');
            return {
              id: newId(),
              pedidoId,
              productoId: linea.productoId,
              tiendaId: producto.tiendaId,
              cantidad: linea.cantidad,
              precioCentavos: producto.precioCentavos,
              grupoId: linea.grupoId ?? null,
            };
          }),
        );

        await pedidoRepo.insertPagos(
          [...tiendas.keys()].map((tiendaId) => {
            const envio = envioDe.get(tiendaId);
            if (!envio) throw new Error('envío perdido');
            const envioCentavos = envio.precioCentavos;
            const productosCentavos = lineas.reduce((total, linea) => {
              const p = productos.get(linea.productoId);
              return p?.tiendaId === tiendaId ? total + p.precioCentavos * linea.cantidad : total;
            }, 0);
            return {
              id: newId(),
              pedidoId,
              tiendaId,
              montoCentavos: productosCentavos + envioCentavos,
              envioCentavos,
              envioCarrier: envio.carrier,
              envioServicio: envio.servicio,
              envioDiasMinimos: envio.diasMinimos,
              envioDiasMaximos: envio.diasMaximos,
              creadoEn: ahora,
              actualizadoEn: ahora,
            };
          }),
        );

        // Reserved in product id order: two orders sharing products lock them in one order.
        const porId = [...lineas].sort((a, b) => (a.productoId < b.productoId ? -1 : 1));
        for (const linea of porId) {
          const producto = productos.get(linea.productoId);
          if (!producto) throw new Error('producto perdido');
          const nuevoStock = await pedidoRepo.decrementStock(linea.productoId, linea.cantidad);
          if (nuevoStock === undefined) throw stockInsuficiente(producto.nombre);
          await repos.eventos.registrar(rooms.producto(linea.productoId), 'stockActualizado', {
            productoId: linea.productoId,
            nuevoStock,
          });
        }
        await mensajes?.pedidoCreado(repos, pedidoId);
      });
      return pedidoId;
    },

    /** GET pedido/estadoPagos/{pedidoId}: the owner's order, its payments and their progress. */
    async estadoPagos(actor: Actor | null, pedidoId: string): Promise<EstadoPagosResponse> {
      // Signed in first; the owner is known once the order is read (404 before 403).
      requireActor(actor);
      const pedido = await repository.findPedido(pedidoId);
      if (!pedido) throw pedidoNoEncontrado();
      requireOwner(actor, pedido.usuarioId);
      const { pagos: porPedido, vistas } = await pagosDe([pedidoId]);
      const pagos = porPedido.get(pedidoId) ?? [];
      const vista = vistas.get(pedidoId);
      // Paid parts count as approved even when a cancellation gave their money back.
      const aprobados = pagos.filter((p) => PARTE_PAGADA.has(p.estadoParte)).length;
      return {
        estadisticas: {
          total: pagos.length,
          aprobados,
          pendientes: pagos.filter((p) => PARTE_POR_PAGAR.has(p.estadoParte)).length,
          porcentajeCompletado: pagos.length ? redondear1((aprobados / pagos.length) * 100) : 0,
        },
        estado: vista?.estado ?? 'por_pagar',
        reembolsado: centavosAPesos(vista?.reembolsadoCentavos ?? 0),
        reembolsoTotal: vista?.reembolsoTotal ?? false,
        acciones: vista?.acciones ?? { pagar: false, cancelar: false },
        pagosPorVendedor: pagos,
      };
    },

    /** POST pedido/obtenerPedidosPorUserId: the user's orders with payments (404: none). */
    async porUsuario(actor: Actor | null, usuarioId: string): Promise<PedidoConPagos[]> {
      requireOwner(actor, usuarioId);
      const filas = await repository.findPedidosDeUsuario(usuarioId, PEDIDOS_POR_USUARIO_MAX);
      if (filas.length === 0) throw pedidoNoEncontrado();
      const ids = filas.map((p) => p.id);
      const { pagos, vistas } = await pagosDe(ids);
      return filas.map((p) => {
        const deEste = pagos.get(p.id) ?? [];
        const vista = vistas.get(p.id);
        const estado = vista?.estado ?? estadoDePedido(deEste.map((pago) => pago.estadoParte));
        const porProducto = new Map<string, number>();
        for (const pago of deEste) {
          for (const l of pago.productos) porProducto.set(l.productoId, l.cantidad);
        }
        return {
          _id: p.id,
          fechaCreacion: p.creadoEn.toISOString(),
          aprobado: p.aprobado,
          todosLosPagosAprobados: p.todosLosPagosAprobados,
          entregado: estado === 'entregado',
          estado,
          total: centavosAPesos(deEste.reduce((t, pago) => t + pesosACentavos(pago.monto), 0)),
          reembolsado: centavosAPesos(vista?.reembolsadoCentavos ?? 0),
          reembolsoTotal: vista?.reembolsoTotal ?? false,
          acciones: vista?.acciones ?? { pagar: false, cancelar: false },
          productos: [...porProducto].map(([productoId, cantidadSolicitada]) => ({
            productoId,
            cantidadSolicitada,
          })),
          pagosPorVendedor: deEste,
        };
      });
    },

    /**
     * POST pedido/cancelar/{pedidoId} (docs/decisions/029): the owner gives up an order nothing
     * was paid of; its reserved units go back on sale at once, its pending payments become
     * `rechazado` and its reservation ends (no new payment link). 409 PEDIDO_NO_CANCELABLE when
     * some part is paid or the provider holds a payment still pending. Idempotent: an order
     * already released (cancelled before, or expired) answers the same body.
     */
    async cancelar(actor: Actor | null, pedidoId: string): Promise<CancelarPedidoResponse> {
      // Signed in first; the owner is known once the order is read (404 before 403).
      requireActor(actor);
      const encontrado = await repository.findPedido(pedidoId);
      if (!encontrado) throw pedidoNoEncontrado();
      requireOwner(actor, encontrado.usuarioId);
      return withTransaction(async (repos) => {
        // The shopper's row first, as a create does: the two never interleave.
        await repos.pedido.lockComprador(encontrado.usuarioId);
        const pedido = await repos.pedido.lockPedido(pedidoId);
        const [situacion] = await repos.pedido.findSituacionDePedidos([pedidoId]);
        if (!pedido || !situacion) throw pedidoNoEncontrado();
        if (!esCancelable(situacion)) throw appError(409, 'PEDIDO_NO_CANCELABLE');
        let liberadaEn = pedido.reservaLiberadaEn;
        if (!liberadaEn) {
          liberadaEn = clock.now();
          await liberarReservas(repos, [pedidoId], liberadaEn);
        }
        return { pedidoId, reservaLiberadaEn: liberadaEn.toISOString() };
      });
    },

    /**
     * Warns, once per order, the shoppers whose reservation ends within the next minutes while
     * some seller is still unpaid (the expiry sweep's job runs it each minute). Answers how
     * many were warned.
     */
    async avisarReservasPorVencer(): Promise<number> {
      if (!mensajes) return 0;
      const ahora = clock.now();
      // Warned at most this long before the end, and never sooner than half the reservation.
      const antes = Math.min(AVISO_RESERVA_MINUTOS, reservaMinutos / 2) * 60_000;
      return withTransaction((repos) =>
        mensajes.reservasPorVencer(repos, ahora, new Date(ahora.getTime() + antes)),
      );
    },

    /**
     * The expiry sweep (docs/decisions/024): releases, batch by batch, what orders whose
     * reservation ran out still hold: their stock goes back (`stockActualizado`), their
     * pending payments become `rechazado`, and the order is marked processed. Lines of
     * approved payments are sold and stay. An order another transaction holds is waited for
     * (docs/decisions/046); a processed order is never read again. Answers how many orders it
     * processed.
     */
    async liberarReservasVencidas(): Promise<number> {
      let total = 0;
      for (;;) {
        const ahora = clock.now();
        const { n, reembolsoIds } = await withTransaction(async (repos) => {
          const ids = await repos.pedido.lockReservasVencidas(ahora, LOTE_VENCIDOS);
          await liberarReservas(repos, ids, ahora);
          const reembolsoIds = await cicloDeVida.reembolsarPedidosVencidos(repos, ids, ahora);
          return { n: ids.length, reembolsoIds };
        });
        if (reembolsoIds.length > 0) await reembolsos.hacerAhora(reembolsoIds);
        total += n;
        if (n < LOTE_VENCIDOS) return total;
      }
    },
  };
}

export type PedidoService = ReturnType<typeof createPedidoService>;
