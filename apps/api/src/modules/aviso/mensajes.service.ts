import { numeroDePedido } from '@compra-grupal/contracts';
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import {
  gruposDeCompra,
  type MotivoReembolso,
  notificaciones,
  pagosPorVendedor,
  participantesGrupo,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
  tiendas,
  usuarios,
} from '../../db/schema';
import { formatearCentavos } from '../../lib/money';
import { formatearFecha, recortar } from '../../lib/texto-es';
import type { AvisoService, RepositoriosDelAviso } from './aviso.service';

/** Mercado Pago's usual term for a card refund to show (docs/decisions/042). */
export const REEMBOLSO_DIAS_HABILES = 10;
/** How long before its reservation ends a shopper with sellers still unpaid is warned. */
export const AVISO_RESERVA_MINUTOS = 10;
/** How long before its deadline the seller of a group with places empty is warned. */
export const AVISO_GRUPO_HORAS = 24;
/** Rows a scan reads per pass. */
const LOTE = 200;

const TITULO_MAX = 200;
const CUERPO_MAX = 1000;

const rutas = {
  pagar: (pedidoId: string) => `/multi-payment-checkout?pedidoId=${pedidoId}`,
  detalleDePago: (pedidoId: string) => `/payment-detail/${pedidoId}`,
  misPedidos: '/my-orders',
  miTienda: '/my-store',
  paraEntregar: '/delivery-orders',
  grupo: (grupoId: string) => `/group/${grupoId}`,
};

const MOTIVOS: Record<MotivoReembolso, (d: { producto: string | null; tienda: string }) => string> =
  {
    grupo_cancelado: (d) => `se canceló el grupo de ${d.producto ?? 'tu producto'}`,
    pedido_vencido: () => 'la reserva del pedido venció antes de que se pagaran todas las tiendas',
    sin_stock: (d) => `ya no quedaba stock de lo que le pagaste a ${d.tienda}`,
    pago_duplicado: (d) => `le pagaste dos veces a ${d.tienda}`,
    pago_no_coincide: (d) => `el pago a ${d.tienda} no coincidía con tu pedido`,
  };

/**
 * The transactional messages of issue 25 (docs/decisions/042): each function reads what its
 * message says and tells the person through `aviso.avisar`, inside the transaction of the
 * transition that owns the event (the caller's `repos`), once per event (its `clave`).
 */
export function createMensajes({ aviso }: { aviso: Pick<AvisoService, 'avisar'> }) {
  async function usuario(repos: RepositoriosDelAviso, usuarioId: string) {
    const [u] = await repos.ejecutor
      .select({ nombre: usuarios.nombre, email: usuarios.email })
      .from(usuarios)
      .where(eq(usuarios.id, usuarioId));
    return u;
  }

  /** The notification and its email, with the title and body bounded. */
  function avisar(
    repos: RepositoriosDelAviso,
    a: Parameters<AvisoService['avisar']>[1],
  ): Promise<void> {
    return aviso.avisar(repos, {
      ...a,
      titulo: recortar(a.titulo, TITULO_MAX),
      cuerpo: recortar(a.cuerpo, CUERPO_MAX),
    });
  }

  async function pagosDe(repos: RepositoriosDelAviso, pedidoId: string) {
    return repos.ejecutor
      .select({
        tiendaId: pagosPorVendedor.tiendaId,
        tienda: tiendas.nombre,
        estado: pagosPorVendedor.estado,
        montoCentavos: pagosPorVendedor.montoCentavos,
      })
      .from(pagosPorVendedor)
      .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
      .where(eq(pagosPorVendedor.pedidoId, pedidoId))
      .orderBy(asc(pagosPorVendedor.creadoEn), asc(pagosPorVendedor.id));
  }

  async function reservaPorVencer(
    repos: RepositoriosDelAviso,
    pedido: { id: string; usuarioId: string; reservaExpiraEn: Date },
  ) {
    const u = await usuario(repos, pedido.usuarioId);
    if (!u) return;
    const pendientes = (await pagosDe(repos, pedido.id)).filter((p) => p.estado !== 'aprobado');
    if (pendientes.length === 0) return;
    const numero = numeroDePedido(pedido.id);
    const vence = formatearFecha(pedido.reservaExpiraEn);
    await avisar(repos, {
      clave: `reserva-por-vencer:${pedido.id}`,
      usuarioId: pedido.usuarioId,
      tipo: 'reserva_por_vencer',
      titulo: `Tu reserva del pedido ${numero} vence pronto`,
      cuerpo: `Vence el ${vence}. Falta pagar a ${pendientes.map((p) => p.tienda).join(', ')}.`,
      enlace: rutas.pagar(pedido.id),
      correo: {
        para: u.email,
        plantilla: 'reserva-por-vencer',
        datos: {
          nombre: u.nombre,
          numero,
          vence,
          pendientes: pendientes.map((p) => ({
            tienda: p.tienda,
            monto: formatearCentavos(p.montoCentavos),
          })),
          ruta: rutas.pagar(pedido.id),
        },
      },
    });
  }

  return {
    /** The order was just created: each seller's payment is still to pay (pedido.service). */
    async pedidoCreado(repos: RepositoriosDelAviso, pedidoId: string): Promise<void> {
      const [pedido] = await repos.ejecutor.select().from(pedidos).where(eq(pedidos.id, pedidoId));
      if (!pedido) return;
      const u = await usuario(repos, pedido.usuarioId);
      if (!u) return;
      const pagos = await pagosDe(repos, pedidoId);
      const numero = numeroDePedido(pedidoId);
      const total = formatearCentavos(pagos.reduce((t, p) => t + p.montoCentavos, 0));
      const vence = formatearFecha(pedido.reservaExpiraEn);
      await avisar(repos, {
        clave: `pedido-creado:${pedidoId}`,
        usuarioId: pedido.usuarioId,
        tipo: 'pedido_creado',
        titulo: `Pedido ${numero} creado: falta pagar`,
        cuerpo: `Total ${total} en ${pagos.length} ${pagos.length === 1 ? 'pago' : 'pagos'}. La reserva vence el ${vence}.`,
        enlace: rutas.pagar(pedidoId),
        correo: {
          para: u.email,
          plantilla: 'pedido-creado',
          datos: {
            nombre: u.nombre,
            numero,
            total,
            vence,
            pagos: pagos.map((p) => ({
              tienda: p.tienda,
              monto: formatearCentavos(p.montoCentavos),
            })),
            ruta: rutas.pagar(pedidoId),
          },
        },
      });
    },

    /** One seller's payment was approved: the receipt (ciclo-de-vida.service `aplicarPago`). */
    async pagoAprobado(
      repos: RepositoriosDelAviso,
      { pedidoId, tiendaId, ahora }: { pedidoId: string; tiendaId: string; ahora: Date },
    ): Promise<void> {
      // Both reads go out at once (one round trip on a pipelined connection, db/client.ts).
      const [[fila], lineas] = await Promise.all([
        repos.ejecutor
          .select({
            usuarioId: pedidos.usuarioId,
            montoCentavos: pagosPorVendedor.montoCentavos,
            envioCentavos: pagosPorVendedor.envioCentavos,
            tienda: tiendas.nombre,
            razonSocial: tiendas.razonSocial,
            nombre: usuarios.nombre,
            email: usuarios.email,
          })
          .from(pagosPorVendedor)
          .innerJoin(pedidos, eq(pedidos.id, pagosPorVendedor.pedidoId))
          .innerJoin(usuarios, eq(usuarios.id, pedidos.usuarioId))
          .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
          .where(
            and(eq(pagosPorVendedor.pedidoId, pedidoId), eq(pagosPorVendedor.tiendaId, tiendaId)),
          )
          .execute(),
        repos.ejecutor
          .select({
            producto: productos.nombre,
            cantidad: pedidoLineas.cantidad,
            precioCentavos: pedidoLineas.precioCentavos,
          })
          .from(pedidoLineas)
          .innerJoin(productos, eq(productos.id, pedidoLineas.productoId))
          .where(and(eq(pedidoLineas.pedidoId, pedidoId), eq(pedidoLineas.tiendaId, tiendaId)))
          .orderBy(asc(pedidoLineas.id))
          .execute(),
      ]);
      if (!fila) return;
      const u = { nombre: fila.nombre, email: fila.email };
      const numero = numeroDePedido(pedidoId);
      const total = formatearCentavos(fila.montoCentavos);
      await avisar(repos, {
        clave: `pago-aprobado:${pedidoId}:${tiendaId}`,
        usuarioId: fila.usuarioId,
        tipo: 'pago_aprobado',
        titulo: `Pago aprobado: ${fila.tienda}`,
        cuerpo: `Tu pago de ${total} del pedido ${numero} fue aprobado.`,
        enlace: rutas.detalleDePago(pedidoId),
        correo: {
          para: u.email,
          plantilla: 'pago-aprobado',
          datos: {
            nombre: u.nombre,
            numero,
            tienda: fila.tienda,
            razonSocial: fila.razonSocial,
            lineas: lineas.map((l) => ({
              producto: l.producto,
              cantidad: l.cantidad,
              precio: formatearCentavos(l.precioCentavos),
              subtotal: formatearCentavos(l.precioCentavos * l.cantidad),
            })),
            envio: formatearCentavos(fila.envioCentavos),
            total,
            fecha: formatearFecha(ahora),
            ruta: rutas.detalleDePago(pedidoId),
          },
        },
      });
    },

    /**
     * A group just filled or its seller closed it (`cerrado`): each shopper in it gets the
     * delivery code of their orders, and the seller what to prepare.
     */
    async grupoCompleto(repos: RepositoriosDelAviso, grupoId: string): Promise<void> {
      // The group with its seller, and its participants with their names: two reads that go
      // out at once (one round trip on a pipelined connection, db/client.ts).
      const [[grupo], participantes] = await Promise.all([
        repos.ejecutor
          .select({
            producto: productos.nombre,
            lugaresOcupados: gruposDeCompra.lugaresOcupados,
            vendedorId: tiendas.usuarioId,
            vendedorNombre: usuarios.nombre,
            vendedorEmail: usuarios.email,
          })
          .from(gruposDeCompra)
          .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
          .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
          .leftJoin(usuarios, eq(usuarios.id, tiendas.usuarioId))
          .where(eq(gruposDeCompra.id, grupoId))
          .execute(),
        repos.ejecutor
          .select({
            usuarioId: participantesGrupo.usuarioId,
            pedidoId: pedidos.id,
            codigo: pedidos.codigo,
            cantidad: participantesGrupo.cantidad,
            nombre: usuarios.nombre,
            email: usuarios.email,
          })
          .from(participantesGrupo)
          .innerJoin(pedidos, eq(pedidos.id, participantesGrupo.pedidoId))
          .leftJoin(usuarios, eq(usuarios.id, participantesGrupo.usuarioId))
          .where(eq(participantesGrupo.grupoId, grupoId))
          .orderBy(asc(participantesGrupo.creadoEn), asc(participantesGrupo.id))
          .execute(),
      ]);
      if (!grupo) return;
      if (participantes.length === 0) return;

      const porUsuario = new Map<string, { pedidoId: string; codigo: string }[]>();
      const personas = new Map<string, { nombre: string; email: string }>();
      for (const p of participantes) {
        const lista = porUsuario.get(p.usuarioId) ?? [];
        if (!lista.some((x) => x.pedidoId === p.pedidoId)) lista.push(p);
        porUsuario.set(p.usuarioId, lista);
        if (p.nombre !== null && p.email !== null) {
          personas.set(p.usuarioId, { nombre: p.nombre, email: p.email });
        }
      }
      // Every notice of the group goes out at once: one round trip on a pipelined connection
      // (db/client.ts), whatever the number of shoppers.
      const avisos: Promise<void>[] = [];
      for (const [usuarioId, susPedidos] of porUsuario) {
        const u = personas.get(usuarioId);
        if (!u) continue;
        const conCodigo = susPedidos.map((p) => ({
          numero: numeroDePedido(p.pedidoId),
          codigo: p.codigo,
        }));
        avisos.push(
          avisar(repos, {
            clave: `grupo-completo:${grupoId}:${usuarioId}`,
            usuarioId,
            tipo: 'grupo_completo',
            titulo: `Grupo completo: ${grupo.producto}`,
            cuerpo: `Tu código de entrega: ${conCodigo
              .map((p) => `${p.codigo} (pedido ${p.numero})`)
              .join(', ')}.`,
            enlace: rutas.misPedidos,
            correo: {
              para: u.email,
              plantilla: 'grupo-completo',
              datos: {
                nombre: u.nombre,
                producto: grupo.producto,
                pedidos: conCodigo,
                ruta: rutas.misPedidos,
              },
            },
          }),
        );
      }

      if (grupo.vendedorNombre === null || grupo.vendedorEmail === null) {
        await Promise.all(avisos);
        return;
      }
      const vendedor = { nombre: grupo.vendedorNombre, email: grupo.vendedorEmail };
      const cantidadPedidos = new Set(participantes.map((p) => p.pedidoId)).size;
      const unidades = participantes.reduce((t, p) => t + p.cantidad, 0);
      avisos.push(
        avisar(repos, {
          clave: `grupo-completo-vendedor:${grupoId}`,
          usuarioId: grupo.vendedorId,
          tipo: 'grupo_completo_vendedor',
          titulo: `Grupo completo: preparar ${grupo.producto}`,
          cuerpo: `Prepará ${unidades} ${unidades === 1 ? 'unidad' : 'unidades'} para ${cantidadPedidos} ${cantidadPedidos === 1 ? 'pedido' : 'pedidos'}.`,
          enlace: rutas.paraEntregar,
          correo: {
            para: vendedor.email,
            plantilla: 'grupo-completo-vendedor',
            datos: {
              nombre: vendedor.nombre,
              producto: grupo.producto,
              unidades,
              pedidos: cantidadPedidos,
              ruta: rutas.paraEntregar,
            },
          },
        }),
      );
      await Promise.all(avisos);
    },

    /** A refund went through (reembolsos.service): the shopper learns how much and why. */
    async reembolsoEnviado(repos: RepositoriosDelAviso, reembolsoId: string): Promise<void> {
      const r = await leerReembolso(repos, reembolsoId);
      if (!r || r.montoCentavos === 0) return;
      const u = await usuario(repos, r.usuarioId);
      if (!u) return;
      const numero = numeroDePedido(r.pedidoId);
      const monto = formatearCentavos(r.montoCentavos);
      const motivo = MOTIVOS[r.motivo]({
        producto: r.producto,
        tienda: r.tienda,
      });
      await avisar(repos, {
        clave: `reembolso-enviado:${reembolsoId}`,
        usuarioId: r.usuarioId,
        tipo: 'reembolso_enviado',
        titulo: `Reembolso enviado: ${monto}`,
        cuerpo: `Pedido ${numero}: ${motivo}. Puede tardar hasta ${REEMBOLSO_DIAS_HABILES} días hábiles en verse en tu tarjeta.`,
        enlace: rutas.misPedidos,
        correo: {
          para: u.email,
          plantilla: 'reembolso-enviado',
          datos: {
            nombre: u.nombre,
            numero,
            monto,
            motivo,
            dias: REEMBOLSO_DIAS_HABILES,
            ruta: rutas.misPedidos,
          },
        },
      });
    },

    /** A refund failed `intentos` times (reembolsos.service): its seller is told, once. */
    async reembolsoFallido(
      repos: RepositoriosDelAviso,
      { reembolsoId, intentos }: { reembolsoId: string; intentos: number },
    ): Promise<void> {
      const r = await leerReembolso(repos, reembolsoId);
      if (!r) return;
      const u = await usuario(repos, r.vendedorId);
      if (!u) return;
      const numero = numeroDePedido(r.pedidoId);
      const monto = formatearCentavos(r.montoCentavos);
      await avisar(repos, {
        clave: `reembolso-fallido:${reembolsoId}`,
        usuarioId: r.vendedorId,
        tipo: 'reembolso_fallido',
        titulo: `Un reembolso de ${monto} no se pudo enviar`,
        cuerpo: `Pedido ${numero}: lo intentamos ${intentos} veces desde tu cuenta de Mercado Pago. Revisá que siga vinculada.`,
        enlace: rutas.miTienda,
        correo: {
          para: u.email,
          plantilla: 'reembolso-fallido',
          datos: { nombre: u.nombre, numero, monto, intentos, ruta: rutas.miTienda },
        },
      });
    },

    /** Every part of the order is delivered (entrega.service). */
    async pedidoEntregado(
      repos: RepositoriosDelAviso,
      { pedidoId, ahora }: { pedidoId: string; ahora: Date },
    ): Promise<void> {
      const [pedido] = await repos.ejecutor
        .select({ usuarioId: pedidos.usuarioId })
        .from(pedidos)
        .where(eq(pedidos.id, pedidoId));
      if (!pedido) return;
      const u = await usuario(repos, pedido.usuarioId);
      if (!u) return;
      const numero = numeroDePedido(pedidoId);
      const fecha = formatearFecha(ahora);
      await avisar(repos, {
        clave: `pedido-entregado:${pedidoId}`,
        usuarioId: pedido.usuarioId,
        tipo: 'pedido_entregado',
        titulo: `Pedido ${numero} entregado`,
        cuerpo: `Tu pedido ${numero} fue entregado el ${fecha}.`,
        enlace: rutas.misPedidos,
        correo: {
          para: u.email,
          plantilla: 'pedido-entregado',
          datos: { nombre: u.nombre, numero, fecha, ruta: rutas.misPedidos },
        },
      });
    },

    /**
     * The orders whose reservation ends before `hasta` while some seller is unpaid, not warned
     * yet (the expiry sweep's job, pedido.service): each shopper is warned once per order.
     * Answers how many were warned.
     */
    async reservasPorVencer(
      repos: RepositoriosDelAviso,
      ahora: Date,
      hasta: Date,
    ): Promise<number> {
      const filas = await repos.ejecutor
        .select({
          id: pedidos.id,
          usuarioId: pedidos.usuarioId,
          reservaExpiraEn: pedidos.reservaExpiraEn,
        })
        .from(pedidos)
        .where(
          and(
            isNull(pedidos.reservaLiberadaEn),
            eq(pedidos.aprobado, false),
            gt(pedidos.reservaExpiraEn, ahora),
            lte(pedidos.reservaExpiraEn, hasta),
            notExists(
              repos.ejecutor
                .select({ uno: sql`1` })
                .from(notificaciones)
                .where(eq(notificaciones.clave, sql`'reserva-por-vencer:' || ${pedidos.id}`)),
            ),
          ),
        )
        .orderBy(asc(pedidos.reservaExpiraEn))
        .limit(LOTE);
      for (const pedido of filas) await reservaPorVencer(repos, pedido);
      return filas.length;
    },

    /** The product team enabled the store (admin.service). */
    async tiendaAprobada(
      repos: RepositoriosDelAviso,
      { tiendaId, ahora }: { tiendaId: string; ahora: Date },
    ): Promise<void> {
      const t = await leerTienda(repos, tiendaId);
      if (!t) return;
      await avisar(repos, {
        clave: `tienda-aprobada:${tiendaId}:${ahora.getTime()}`,
        usuarioId: t.usuarioId,
        tipo: 'tienda_aprobada',
        titulo: `Tu tienda ${t.tienda} fue habilitada`,
        cuerpo: 'Ya aparece en el mercado y podés publicar productos.',
        enlace: rutas.miTienda,
        correo: {
          para: t.email,
          plantilla: 'tienda-aprobada',
          datos: { nombre: t.nombre, tienda: t.tienda, ruta: rutas.miTienda },
        },
      });
    },

    /**
     * The product team refused (or disabled) the store, with its reason (admin.service).
     * `evento` names the refusal: one message per refusal, not per repeated request.
     */
    async tiendaRechazada(
      repos: RepositoriosDelAviso,
      { tiendaId, motivo, evento }: { tiendaId: string; motivo: string | null; evento: string },
    ): Promise<void> {
      const t = await leerTienda(repos, tiendaId);
      if (!t) return;
      await avisar(repos, {
        clave: `tienda-rechazada:${tiendaId}:${evento}`,
        usuarioId: t.usuarioId,
        tipo: 'tienda_rechazada',
        titulo: `Tu tienda ${t.tienda} no fue habilitada`,
        cuerpo: motivo ? `Motivo: ${motivo}` : 'El equipo revisó tu tienda y no la habilitó.',
        enlace: rutas.miTienda,
        correo: {
          para: t.email,
          plantilla: 'tienda-rechazada',
          datos: { nombre: t.nombre, tienda: t.tienda, motivo, ruta: rutas.miTienda },
        },
      });
    },

    /**
     * Open groups with a deadline before `hasta` and places empty, not warned yet (the
     * deadline job, pedido/cancelacion-de-grupo.service.ts): each seller is warned once per group.
     */
    async gruposPorVencer(repos: RepositoriosDelAviso, ahora: Date, hasta: Date): Promise<number> {
      const filas = await repos.ejecutor
        .select({
          id: gruposDeCompra.id,
          fechaLimite: gruposDeCompra.fechaLimite,
          faltan: sql<number>`${gruposDeCompra.lugaresNecesarios} - ${gruposDeCompra.lugaresOcupados}`,
          producto: productos.nombre,
          vendedorId: tiendas.usuarioId,
        })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(
          and(
            eq(gruposDeCompra.estado, 'abierto'),
            isNotNull(gruposDeCompra.fechaLimite),
            gt(gruposDeCompra.fechaLimite, ahora),
            lte(gruposDeCompra.fechaLimite, hasta),
            lt(gruposDeCompra.lugaresOcupados, gruposDeCompra.lugaresNecesarios),
            notExists(
              repos.ejecutor
                .select({ uno: sql`1` })
                .from(notificaciones)
                .where(eq(notificaciones.clave, sql`'grupo-por-vencer:' || ${gruposDeCompra.id}`)),
            ),
          ),
        )
        .orderBy(asc(gruposDeCompra.fechaLimite))
        .limit(LOTE);
      for (const g of filas) {
        const u = await usuario(repos, g.vendedorId);
        if (!u || !g.fechaLimite) continue;
        const vence = formatearFecha(g.fechaLimite);
        const faltan = Number(g.faltan);
        await avisar(repos, {
          clave: `grupo-por-vencer:${g.id}`,
          usuarioId: g.vendedorId,
          tipo: 'grupo_por_vencer',
          titulo: `El grupo de ${g.producto} vence pronto`,
          cuerpo: `Vence el ${vence} y ${faltan === 1 ? 'falta 1 lugar' : `faltan ${faltan} lugares`}.`,
          enlace: rutas.grupo(g.id),
          correo: {
            para: u.email,
            plantilla: 'grupo-por-vencer',
            datos: {
              nombre: u.nombre,
              producto: g.producto,
              vence,
              faltan,
              ruta: rutas.grupo(g.id),
            },
          },
        });
      }
      return filas.length;
    },

    /**
     * Mercado Pago refused the store's refresh token for good (mercadopago-vinculacion): the
     * link is gone. `evento` names the link that broke (when it was made).
     */
    async mercadoPagoDesvinculado(
      repos: RepositoriosDelAviso,
      { tiendaId, evento }: { tiendaId: string; evento: string },
    ): Promise<void> {
      const t = await leerTienda(repos, tiendaId);
      if (!t) return;
      await avisar(repos, {
        clave: `mercadopago-desvinculado:${tiendaId}:${evento}`,
        usuarioId: t.usuarioId,
        tipo: 'mercadopago_desvinculado',
        titulo: 'Mercado Pago desvinculado',
        cuerpo: `La vinculación de ${t.tienda} con Mercado Pago venció o se revocó: volvé a vincularla para cobrar.`,
        enlace: rutas.miTienda,
        correo: {
          para: t.email,
          plantilla: 'mercadopago-desvinculado',
          datos: { nombre: t.nombre, tienda: t.tienda, ruta: rutas.miTienda },
        },
      });
    },
  };
}

async function leerTienda(repos: RepositoriosDelAviso, tiendaId: string) {
  const [t] = await repos.ejecutor
    .select({
      usuarioId: tiendas.usuarioId,
      tienda: tiendas.nombre,
      nombre: usuarios.nombre,
      email: usuarios.email,
    })
    .from(tiendas)
    .innerJoin(usuarios, eq(usuarios.id, tiendas.usuarioId))
    .where(eq(tiendas.id, tiendaId));
  return t;
}

async function leerReembolso(repos: RepositoriosDelAviso, reembolsoId: string) {
  const [r] = await repos.ejecutor
    .select({
      motivo: reembolsos.motivo,
      pedidoId: reembolsos.pedidoId,
      usuarioId: reembolsos.usuarioId,
      montoCentavos: reembolsos.montoCentavos,
      tienda: tiendas.nombre,
      vendedorId: tiendas.usuarioId,
      producto: productos.nombre,
    })
    .from(reembolsos)
    .innerJoin(tiendas, eq(tiendas.id, reembolsos.tiendaId))
    .leftJoin(gruposDeCompra, eq(gruposDeCompra.id, reembolsos.grupoId))
    .leftJoin(productos, eq(productos.id, gruposDeCompra.productoId))
    .where(eq(reembolsos.id, reembolsoId));
  return r;
}

export type Mensajes = ReturnType<typeof createMensajes>;
