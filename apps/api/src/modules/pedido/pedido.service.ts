import {
  type CrearPreferenciaRequest,
  type EstadoPagosResponse,
  type OpcionEnvio,
  type PagoPorVendedor,
  type Paquete,
  type PedidoConPagos,
  rooms,
} from '@compra-grupal/contracts';
import type { Repositories } from '../../composition';
import type { WithTransaction } from '../../db/unit-of-work';
import { requireActor, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { centavosAPesos, pesosACentavos } from '../../lib/money';
import { generarCodigoEntrega } from './codigo-entrega';
import type { PedidoRepository } from './pedido.repository';

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
const envioNoDisponible = (tienda: string) =>
  new AppError(
    400,
    'ENVIO_NO_DISPONIBLE',
    `No se encontraron opciones de envío disponibles para ${tienda}`,
  );
const pedidoNoEncontrado = () => notFound('PEDIDO_NO_ENCONTRADO');

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

export function createPedidoService(
  repository: PedidoRepository,
  {
    withTransaction,
    cotizarParaPedido,
    reservaMinutos,
    clock = systemClock,
  }: {
    withTransaction: WithTransaction<Repositories>;
    cotizarParaPedido: CotizarParaPedido;
    reservaMinutos: number;
    clock?: Clock;
  },
) {
  /** The payments of these orders, with their products, as the contract shows them. */
  async function pagosDe(pedidoIds: string[]): Promise<Map<string, PagoPorVendedor[]>> {
    const [pagos, lineas] = await Promise.all([
      repository.pagosDePedidos(pedidoIds),
      repository.lineasDePedidos(pedidoIds),
    ]);
    const porPedido = new Map<string, PagoPorVendedor[]>();
    for (const pago of pagos) {
      const lista = porPedido.get(pago.pedidoId) ?? [];
      lista.push({
        tiendaId: pago.tiendaId,
        tiendaNombre: pago.tiendaNombre,
        tiendaLogo: pago.tiendaLogo,
        monto: centavosAPesos(pago.montoCentavos),
        envio: centavosAPesos(pago.envioCentavos),
        estado: pago.estado,
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
    return porPedido;
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
        (await repository.productosParaPedido(lineas.map((l) => l.productoId))).map((p) => [
          p.id,
          p,
        ]),
      );
      for (const linea of lineas) {
        const producto = productos.get(linea.productoId);
        if (!producto) throw notFound('PRODUCTO_NO_ENCONTRADO');
        if (!producto.disponible || producto.retiradoEn || !producto.tiendaHabilitada) {
          throw noDisponible(producto.nombre);
        }
        // Checked again, for real, by the conditional update in the transaction.
        if (producto.stock < linea.cantidad) throw stockInsuficiente(producto.nombre);
      }

      const elegidos = lineas.filter((l) => l.grupoId);
      if (elegidos.length > 0) {
        const grupos = new Map(
          (await repository.productoDeGrupos(elegidos.map((l) => l.grupoId as string))).map((g) => [
            g.id,
            g.productoId,
          ]),
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
      // Outside the transaction (decision 011): the quote may call a carrier.
      const cotizados = await Promise.all(
        [...tiendas].map(async ([tiendaId, tienda]) => {
          const elegido = envios.get(tiendaId);
          if (!elegido || latitud === null || longitud === null) {
            throw envioNoDisponible(tienda.nombre);
          }
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
          const nuevoStock = await pedidoRepo.reservarStock(linea.productoId, linea.cantidad);
          if (nuevoStock === undefined) throw stockInsuficiente(producto.nombre);
          await repos.eventos.registrar(rooms.producto(linea.productoId), 'stockActualizado', {
            productoId: linea.productoId,
            nuevoStock,
          });
        }
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
      const pagos = (await pagosDe([pedidoId])).get(pedidoId) ?? [];
      const aprobados = pagos.filter((p) => p.estado === 'aprobado').length;
      return {
        estadisticas: {
          total: pagos.length,
          aprobados,
          pendientes: pagos.filter((p) => p.estado === 'pendiente').length,
          porcentajeCompletado: pagos.length ? redondear1((aprobados / pagos.length) * 100) : 0,
        },
        pagosPorVendedor: pagos,
      };
    },

    /** POST pedido/obtenerPedidosPorUserId: the user's orders with payments (404: none). */
    async porUsuario(actor: Actor | null, userId: string): Promise<PedidoConPagos[]> {
      requireOwner(actor, userId);
      const filas = await repository.pedidosDeUsuario(userId, PEDIDOS_POR_USUARIO_MAX);
      if (filas.length === 0) throw pedidoNoEncontrado();
      const ids = filas.map((p) => p.id);
      const pagos = await pagosDe(ids);
      return filas.map((p) => {
        const deEste = pagos.get(p.id) ?? [];
        const porProducto = new Map<string, number>();
        for (const pago of deEste) {
          for (const l of pago.productos) porProducto.set(l.productoId, l.cantidad);
        }
        return {
          _id: p.id,
          fechaCreacion: p.creadoEn.toISOString(),
          aprobado: p.aprobado,
          todosLosPagosAprobados: p.todosLosPagosAprobados,
          entregado: p.entregado,
          total: centavosAPesos(deEste.reduce((t, pago) => t + pesosACentavos(pago.monto), 0)),
          productos: [...porProducto].map(([productoId, cantidadSolicitada]) => ({
            productoId,
            cantidadSolicitada,
          })),
          pagosPorVendedor: deEste,
        };
      });
    },

    /**
     * The expiry sweep (docs/decisions/024): releases, batch by batch, what orders whose
     * reservation ran out still hold: their stock goes back (`stockActualizado`), their
     * pending payments become `rechazado`, and the order is marked processed. Lines of
     * approved payments are sold and stay. Orders another process is releasing are skipped
     * (`SKIP LOCKED`); a processed order is never read again. Answers how many orders it
     * processed.
     */
    async liberarReservasVencidas(): Promise<number> {
      let total = 0;
      for (;;) {
        const ahora = clock.now();
        const n = await withTransaction(async (repos) => {
          const ids = await repos.pedido.lockReservasVencidas(ahora, LOTE_VENCIDOS);
          if (ids.length === 0) return 0;
          const liberadas = await repos.pedido.liberarLineas(ids);
          const porProducto = new Map<string, number>();
          for (const l of liberadas) {
            porProducto.set(l.productoId, (porProducto.get(l.productoId) ?? 0) + l.cantidad);
          }
          for (const [productoId, cantidad] of [...porProducto].sort(([a], [b]) =>
            a < b ? -1 : 1,
          )) {
            const nuevoStock = await repos.pedido.devolverStock(productoId, cantidad);
            if (nuevoStock === undefined) continue;
            await repos.eventos.registrar(rooms.producto(productoId), 'stockActualizado', {
              productoId,
              nuevoStock,
            });
          }
          await repos.pedido.rechazarPagosPendientes(ids, ahora);
          await repos.pedido.marcarReservaLiberada(ids, ahora);
          return ids.length;
        });
        total += n;
        if (n < LOTE_VENCIDOS) return total;
      }
    },
  };
}

export type PedidoService = ReturnType<typeof createPedidoService>;
