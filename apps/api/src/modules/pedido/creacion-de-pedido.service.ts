import { type CrearPreferenciaRequest, paqueteDeLineas } from '@compra-grupal/contracts';
import { requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { paqueteDeFila } from '../producto/paquete-del-producto';
import { generarCodigoEntrega } from './codigo-entrega';
import type { DepsDelPedido } from './pedido-comun';
import { type LineaFusionada, reemplazarYLimitar } from './reservas';

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

/** Creating an order: the checkout (POST pago/crearPreferencia). */
export function createCreacionDePedido({
  repository,
  withTransaction,
  cotizarParaPedido,
  reservaMinutos,
  mensajes,
  clock,
}: Pick<
  DepsDelPedido,
  'repository' | 'withTransaction' | 'cotizarParaPedido' | 'reservaMinutos' | 'mensajes' | 'clock'
>) {
  return {
    /**
     * POST pago/crearPreferencia (docs/decisions/024): checks the caller, the address, the
     * products, the sellers' payment accounts and the chosen shipping (quoted again here),
     * then writes the order, its lines (held: `reservado`) and one pending payment per seller,
     * in one transaction. The units are taken from stock when a payment is approved, never
     * before (docs/decisions/050). Answers the new order's id.
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
      for (const linea of lineas) {
        const producto = productos.get(linea.productoId);
        if (!producto) throw notFound('PRODUCTO_NO_ENCONTRADO');
        if (!producto.disponible || producto.retiradoEn || !producto.tiendaHabilitada) {
          throw noDisponible(producto.nombre);
        }
        if (producto.tiendaUsuarioId === pedido.usuarioId) throw productoPropio(producto.nombre);
        // Stock counts the units nobody paid for: another shopper's unpaid order never makes
        // them 'sin stock' (docs/decisions/050). Read again in the transaction.
        if (producto.stock < linea.cantidad) throw stockInsuficiente(producto.nombre);
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
      const lineasConPaquete = lineas.flatMap((linea) => {
        const producto = productos.get(linea.productoId);
        return producto
          ? [
              {
                tiendaId: producto.tiendaId,
                paquete: paqueteDeFila(producto),
                cantidad: linea.cantidad,
              },
            ]
          : [];
      });
      // Outside the transaction (decision 011): the quote may call a carrier.
      const cotizados = await Promise.all(
        [...tiendas].map(async ([tiendaId, tienda]) => {
          const elegido = envios.get(tiendaId);
          if (!elegido) throw envioNoDisponible(tienda.nombre);
          // Priced from the packages its seller declared, never from `pedido.paquete`.
          const opciones = await cotizarParaPedido({
            tiendaId,
            direccion: { latitud, longitud },
            lineas: lineasConPaquete.filter((l) => l.tiendaId === tiendaId),
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
        const stock = await reemplazarYLimitar(
          repos,
          pedido.usuarioId,
          lineas,
          new Map([...productos.values()].map((p) => [p.id, p.nombre])),
          ahora,
        );
        for (const linea of lineas) {
          const producto = productos.get(linea.productoId);
          if (producto && (stock.get(linea.productoId) ?? 0) < linea.cantidad) {
            throw stockInsuficiente(producto.nombre);
          }
        }
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
            // The box the whole order makes, as priced: the client's `paquete` is not kept.
            paquete: paqueteDeLineas(lineasConPaquete),
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

        await mensajes?.pedidoCreado(repos, pedidoId);
      });
      return pedidoId;
    },
  };
}
