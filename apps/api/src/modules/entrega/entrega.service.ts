import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CompararCodigoRequest,
  type EntregaResponse,
  ERROR_CODES,
  type GrupoDePedido,
  INTENTOS_CODIGO_ENTREGA,
  type PedidoConGrupos,
  type PedidoListoParaEntrega,
  type PedidoParaEntregar,
  VENTANA_CODIGO_MS,
} from '@compra-grupal/contracts';
import type { OrdenDeBloqueo } from '../../db/orden-de-bloqueo';
import type { WithTransaction } from '../../db/unit-of-work';
import {
  hasRole,
  requireAccess,
  requireActor,
  requireOwner,
  requireRole,
  requireSelf,
} from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { centavosAPesos } from '../../lib/money';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { Mensajes } from '../aviso/mensajes.service';
import {
  anunciarGrupoActualizado,
  type LugaresDelGrupo,
} from '../grupo-de-compra/grupo-de-compra.ports';
import {
  estadoDeParte,
  estadoDePedido,
  grupoCompletado,
  lineaSigue,
  pedidoEntregado,
  porQueNoSeEntrega,
} from '../pedido/ciclo-de-vida';
import type { LineasDePedidos, PartesDelCiclo } from '../pedido/pedido.ports';
import type { EntregaRepository } from './entrega.repository';

/** Orders listed by Mis Pedidos: the newest ones, at most this many. */
export const PEDIDOS_CON_GRUPOS_MAX = 100;
/** Lines listed by Pedidos para entregar, oldest order first. */
export const LINEAS_PARA_ENTREGAR_MAX = 500;
/** Parts listed on the delivery screen, oldest order first. */
export const PARTES_LISTAS_MAX = 500;
/** Undelivered paid parts read to find those ready (the lifecycle decides which are). */
const PARTES_CANDIDATAS_MAX = 2000;

export const MENSAJE_ENTREGA_CODIGO = '¡Entrega confirmada!';
export const MENSAJE_ENTREGA_MANUAL = 'Pedido marcado como entregado correctamente';

const codigoIncorrecto = () => appError(400, 'CODIGO_INCORRECTO');
const yaEntregado = () => appError(409, 'PEDIDO_YA_ENTREGADO');
const noLista = (porque: string) =>
  new AppError(409, 'ENTREGA_NO_LISTA', `Este pedido todavía no se puede entregar: ${porque}.`);
const demasiadosIntentos = () =>
  new AppError(
    429,
    ERROR_CODES.demasiadasSolicitudes,
    'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  );

/** A code as the courier may type it: case and spaces do not matter. */
const normalizar = (codigo: string) => codigo.replace(/\s+/g, '').toUpperCase();

/**
 * Compares a typed code with the order's in constant time: both are hashed to 32 bytes first,
 * so neither their contents nor their lengths show in the time it takes.
 */
export function codigosIguales(ingresado: string, esperado: string): boolean {
  const a = createHash('sha256').update(normalizar(ingresado)).digest();
  const b = createHash('sha256').update(normalizar(esperado)).digest();
  return timingSafeEqual(a, b);
}

/** Compared against when the order does not exist or is not approved: same work, no match. */
const CODIGO_INEXISTENTE = '-'.repeat(6);

const direccionDe = (p: {
  direccion: string;
  departamento: string | null;
  descripcion: string | null;
  ciudad: string;
  provincia: string;
  codigoPostal: string | null;
}) => ({
  direccion: p.direccion,
  departamento: p.departamento,
  descripcion: p.descripcion,
  ciudad: p.ciudad,
  provincia: p.provincia,
  codigoPostal: p.codigoPostal,
});

/**
 * Delivery (issue 14; DESIGN.md section 3, Orders and payments): the shopper's approved orders
 * with their groups, the store's orders to deliver, the courier's list, and delivery of each
 * seller's part (the seller marks it, or a courier enters the shopper's code). Delivery is
 * irreversible and audited; the order is `entregado` when every part is, and a group
 * `completado` when every order in it is delivered.
 */
export function createEntregaService({
  repository,
  withTransaction,
  lineasDePedidos,
  cicloDeVida,
  mensajes,
  clock = systemClock,
}: {
  repository: EntregaRepository;
  /** Delivery's rows, the parts' states, and the group announcement (the places ledger's). */
  withTransaction: WithTransaction<
    RepositoriosDelAviso & {
      bloqueos: OrdenDeBloqueo;
      entrega: EntregaRepository;
      cicloDeVida: PartesDelCiclo;
      grupoDeCompra: LugaresDelGrupo['grupoDeCompra'];
      eventos: OutboxRepository;
    }
  >;
  /** Tells the shopper the order was delivered (docs/decisions/042). */
  mensajes?: Pick<Mensajes, 'pedidoEntregado'>;
  /** The order lifecycle's reads: each part's state and readiness. */
  cicloDeVida: PartesDelCiclo;
  /** The orders' lines with their product's name and picture (the pedido repository's). */
  lineasDePedidos: LineasDePedidos;
  clock?: Clock;
}) {
  /**
   * Delivers, in one transaction, the order's part of `tiendaId`, or (without it) every part
   * that is ready and not delivered yet: the audit on each part, the shopper's notice when
   * the order is then delivered (derived from its parts), and the groups that every order in
   * them now has delivered become `completado` (`grupoActualizado`).
   */
  function entregar(input: {
    pedidoId: string;
    tiendaId?: string;
    usuarioId: string;
    metodo: 'codigo' | 'manual';
    mensaje: string;
  }): Promise<EntregaResponse> {
    return withTransaction(async (repos) => {
      const ahora = clock.now();
      // The order, then its groups in id order (docs/decisions/046): a cancellation of one of
      // its groups and another delivery of it take turns with this one, and concurrent
      // deliveries into a group too.
      await repos.bloqueos.bloquear({ pedidos: [input.pedidoId] });
      const grupos = await repos.entrega.lockGruposDePedido(input.pedidoId);
      const todas = await repos.cicloDeVida.findPartes([input.pedidoId], ahora);
      const partes = todas.filter(
        (p) => input.tiendaId === undefined || p.tiendaId === input.tiendaId,
      );
      if (partes.length === 0) throw noLista('no tiene productos de esa tienda');
      const pendientes = partes.filter((p) => !p.entregada);
      if (pendientes.length === 0) throw yaEntregado();
      const motivos = pendientes.map(porQueNoSeEntrega);
      const listas = pendientes.filter((_, i) => motivos[i] === null);
      if (listas.length === 0) throw noLista(motivos.find((m) => m !== null) ?? '');

      const entregadas = await repos.entrega.markPartesEntregadas({
        pedidoId: input.pedidoId,
        tiendaIds: listas.map((p) => p.tiendaId),
        usuarioId: input.usuarioId,
        metodo: input.metodo,
        ahora,
      });
      if (entregadas.length === 0) throw yaEntregado();
      const despues = todas.map((p) => ({
        ...p,
        entregada: p.entregada || entregadas.includes(p.tiendaId),
      }));
      const entregado = pedidoEntregado(despues);
      if (entregado) await mensajes?.pedidoEntregado(repos, { pedidoId: input.pedidoId, ahora });

      const tocados = grupos
        .filter((g) => g.estado === 'cerrado' && entregadas.includes(g.tiendaId))
        .map((g) => g.id);
      const entregas = await repos.entrega.findEntregasDeGrupos(tocados);
      const completados = await repos.entrega.markGruposCompletados(
        tocados.filter((id) => grupoCompletado(entregas.filter((e) => e.grupoId === id))),
        ahora,
      );
      const resumen = new Map(
        (await repos.entrega.findResumenDeGrupos(completados.map((g) => g.id))).map((r) => [
          r.grupoId,
          r,
        ]),
      );
      for (const grupo of completados) {
        const r = resumen.get(grupo.id);
        if (!r) continue;
        await anunciarGrupoActualizado(
          repos,
          { id: grupo.productoId, tiendaId: r.tiendaId, nombre: r.productoNombre },
          { ...grupo, estado: 'completado' },
          r.participantesCount,
        );
      }
      return { mensaje: input.mensaje, pedidoId: input.pedidoId, tiendaIds: entregadas, entregado };
    });
  }

  /** Of these orders, those the lifecycle does not call delivered. */
  async function pedidosSinEntregar(pedidoIds: string[]): Promise<string[]> {
    const partes = await cicloDeVida.findPartes(pedidoIds, clock.now());
    return pedidoIds.filter((id) => !pedidoEntregado(partes.filter((p) => p.pedidoId === id)));
  }

  return {
    /**
     * POST pedido/obtenerPedidosConGruposPorUsuario: the user's approved orders, newest first,
     * with their lines, groups (the places each holds, the refund of a cancelled one) and
     * each seller's part with its delivery. 404 when there is none (spec: 404 means none).
     */
    async pedidosConGrupos(actor: Actor | null, usuarioId: string): Promise<PedidoConGrupos[]> {
      requireOwner(actor, usuarioId);
      const filas = await repository.findPedidosAprobadosDeUsuario(
        usuarioId,
        PEDIDOS_CON_GRUPOS_MAX,
      );
      if (filas.length === 0) throw notFound('PEDIDO_NO_ENCONTRADO');
      const ids = filas.map((p) => p.id);
      const [lineas, partes, participaciones, ciclo] = await Promise.all([
        lineasDePedidos(ids),
        repository.findPartesDePedidos(ids),
        repository.findGruposDePedidos(ids),
        cicloDeVida.findPartes(ids, clock.now()),
      ]);
      return filas.map((p) => {
        const grupos = new Map<string, GrupoDePedido>();
        const reembolsos = new Map<
          string,
          { centavos: number; pendientes: number; fecha: string | null }
        >();
        for (const g of participaciones) {
          if (g.pedidoId !== p.id) continue;
          const actual = grupos.get(g.grupoId) ?? {
            _id: g.grupoId,
            productoId: g.productoId,
            lugaresNecesarios: g.lugaresNecesarios,
            lugaresOcupados: g.lugaresOcupados,
            estado: g.estado,
            cantidad: 0,
            fechaLimite: g.fechaLimite?.toISOString() ?? null,
            reembolso: null,
          };
          actual.cantidad += g.cantidad;
          grupos.set(g.grupoId, actual);
          if (g.reembolsoMontoCentavos === null) continue;
          // This order's refunds in the group, as one: pending until every one is confirmed.
          const r = reembolsos.get(g.grupoId) ?? { centavos: 0, pendientes: 0, fecha: null };
          r.centavos += g.reembolsoMontoCentavos;
          if (g.reembolsoEstado !== 'reembolsado') r.pendientes += 1;
          const fecha = g.reembolsadoEn?.toISOString() ?? null;
          if (fecha && (!r.fecha || fecha > r.fecha)) r.fecha = fecha;
          reembolsos.set(g.grupoId, r);
        }
        for (const [grupoId, r] of reembolsos) {
          const grupo = grupos.get(grupoId);
          if (!grupo) continue;
          grupo.reembolso = {
            monto: centavosAPesos(r.centavos),
            estado: r.pendientes === 0 ? 'reembolsado' : 'pendiente',
            fecha: r.pendientes === 0 ? r.fecha : null,
          };
        }
        const deEste = partes.filter((parte) => parte.pedidoId === p.id);
        const estados = new Map(
          ciclo
            .filter((c) => c.pedidoId === p.id)
            .map((c) => [
              c.tiendaId,
              { estado: estadoDeParte(c), reembolsado: c.reembolsadoCentavos },
            ]),
        );
        const estado = estadoDePedido([...estados.values()].map((e) => e.estado));
        return {
          _id: p.id,
          codigo: p.codigo,
          fechaCreacion: p.creadoEn.toISOString(),
          aprobado: p.aprobado,
          entregado: estado === 'entregado',
          estado,
          todosLosPagosAprobados: p.todosLosPagosAprobados,
          total: centavosAPesos(deEste.reduce((t, parte) => t + parte.montoCentavos, 0)),
          productos: lineas
            .filter((l) => l.pedidoId === p.id)
            .map((l) => ({
              productoId: l.productoId,
              cantidadSolicitada: l.cantidad,
              nombre: l.nombre,
              imagen: l.imagen,
              precio: centavosAPesos(l.precioCentavos),
              tiendaId: l.tiendaId,
            })),
          grupoIds: [...grupos.values()],
          direccion: direccionDe(p),
          telefono: p.telefono,
          partes: deEste.map((parte) => ({
            tiendaId: parte.tiendaId,
            tiendaNombre: parte.tiendaNombre,
            estadoPago: parte.estado,
            estado: estados.get(parte.tiendaId)?.estado ?? 'por_pagar',
            reembolsado: centavosAPesos(estados.get(parte.tiendaId)?.reembolsado ?? 0),
            entregado: parte.entregadoEn !== null,
            entregadoEn: parte.entregadoEn?.toISOString() ?? null,
          })),
        };
      });
    },

    /**
     * GET pedido/obtenerPedidosPorTienda/{tiendaId}, the store's owner only: one item per line
     * of the store in approved orders whose part for the store is not delivered yet, with
     * `listo` when every group of that part is closed.
     */
    async pedidosPorTienda(actor: Actor | null, tiendaId: string): Promise<PedidoParaEntregar[]> {
      const caller = requireActor(actor);
      const tienda = await repository.findTienda(tiendaId);
      if (!tienda) throw notFound('TIENDA_NO_ENCONTRADA');
      requireSelf(caller, tienda.usuarioId);
      const filas = await repository.findLineasParaEntregarDeTienda(
        tiendaId,
        LINEAS_PARA_ENTREGAR_MAX,
      );
      const partes = new Map(
        (
          await cicloDeVida.findPartes(
            filas.map((f) => f.pedidoId),
            clock.now(),
          )
        )
          .filter((p) => p.tiendaId === tiendaId)
          .map((p) => [p.pedidoId, p]),
      );
      return filas.flatMap((f) => {
        const parte = partes.get(f.pedidoId);
        // A line whose group was cancelled was refunded: it is not delivered.
        if (!parte || !lineaSigue(parte, f.productoId)) return [];
        return [
          {
            pedidoId: f.pedidoId,
            productoId: f.productoId,
            productoNombre: f.productoNombre,
            productoImagen: f.productoImagen,
            cantidad: f.cantidad,
            direccion: direccionDe(f),
            telefono: f.telefono,
            listo: estadoDeParte(parte) === 'lista',
          },
        ];
      });
    },

    /**
     * POST pedido/obtenerPedidosSinEntregarPorIds: of the given orders the caller may see,
     * those not delivered. Without `tiendaId`: the caller's own orders (couriers and admins:
     * any). With it (the caller's store; couriers and admins: any): the orders whose part of
     * that store is not delivered. Orders the caller may not see are left out, never named.
     */
    async sinEntregarPorIds(
      actor: Actor | null,
      { pedidoIds, tiendaId }: { pedidoIds: string[]; tiendaId?: string | undefined },
    ): Promise<string[]> {
      const caller = requireActor(actor);
      const privilegiado = hasRole(caller, 'admin', 'repartidor');
      if (tiendaId && !privilegiado) {
        const tienda = await repository.findTienda(tiendaId);
        if (!tienda) throw notFound('TIENDA_NO_ENCONTRADA');
        requireSelf(caller, tienda.usuarioId);
      }
      const ids = [...new Set(pedidoIds)];
      if (ids.length === 0) return [];
      const sinEntregar = new Set(
        tiendaId
          ? await repository.findPartesSinEntregar(ids, tiendaId)
          : await pedidosSinEntregar(
              await repository.findPedidosVisibles(
                ids,
                privilegiado ? {} : { usuarioId: caller.id },
              ),
            ),
      );
      return ids.filter((id) => sinEntregar.has(id));
    },

    /**
     * POST pedido/marcarPedidoComoEntregado: the seller marks their part of the order
     * delivered (by hand). 403 when the caller's store has no part in it.
     */
    async marcarEntregado(actor: Actor | null, pedidoId: string): Promise<EntregaResponse> {
      const caller = requireActor(actor);
      const tienda = await repository.findTiendaDeUsuario(caller.id);
      requireAccess(tienda);
      const partes = await repository.findPartesDePedidos([pedidoId]);
      // Whether the order exists or not, a caller without a part in it learns nothing.
      requireAccess(partes.some((p) => p.tiendaId === tienda.id));
      return entregar({
        pedidoId,
        tiendaId: tienda.id,
        usuarioId: caller.id,
        metodo: 'manual',
        mensaje: MENSAJE_ENTREGA_MANUAL,
      });
    },

    /**
     * GET pedido/obtenerTodosLosPedidos, couriers and admins: every undelivered part of an
     * approved order whose groups are all closed, with only what delivery needs.
     */
    async todosLosPedidos(actor: Actor | null): Promise<PedidoListoParaEntrega[]> {
      requireRole(actor, 'repartidor', 'admin');
      const candidatas = await repository.findPartesListas(PARTES_CANDIDATAS_MAX);
      const ciclo = await cicloDeVida.findPartes(
        candidatas.map((p) => p.pedidoId),
        clock.now(),
      );
      const deParte = (p: { pedidoId: string; tiendaId: string }) =>
        ciclo.find((c) => c.pedidoId === p.pedidoId && c.tiendaId === p.tiendaId);
      const partes = candidatas
        .filter((p) => {
          const parte = deParte(p);
          return parte !== undefined && estadoDeParte(parte) === 'lista';
        })
        .slice(0, PARTES_LISTAS_MAX);
      if (partes.length === 0) return [];
      const lineas = await lineasDePedidos([...new Set(partes.map((p) => p.pedidoId))]);
      return partes.map((p) => ({
        _id: p.pedidoId,
        tiendaId: p.tiendaId,
        tiendaNombre: p.tiendaNombre,
        productos: lineas
          .filter((l) => l.pedidoId === p.pedidoId && l.tiendaId === p.tiendaId)
          .filter((l) => {
            const parte = deParte(p);
            return parte !== undefined && lineaSigue(parte, l.productoId);
          })
          .map((l) => ({ nombre: l.nombre ?? 'Producto no encontrado', cantidad: l.cantidad })),
        direccion: direccionDe(p),
        telefono: p.telefono,
      }));
    },

    /**
     * POST pedido/compararCodigo, couriers and admins: the shopper's code delivers the part
     * of `tiendaId`, or every part ready for delivery. A wrong code, an unknown order and an
     * order not approved answer the same 400 and count as a wrong try; after
     * INTENTOS_CODIGO_ENTREGA wrong tries in VENTANA_CODIGO_MS for the order or by the
     * caller, 429 before anything is compared.
     */
    async compararCodigo(
      actor: Actor | null,
      { _id: pedidoId, codigo, tiendaId }: CompararCodigoRequest,
    ): Promise<EntregaResponse> {
      const caller = requireRole(actor, 'repartidor', 'admin');
      const ahora = clock.now();
      const desde = new Date(ahora.getTime() - VENTANA_CODIGO_MS);
      const masDe = async (maximo: number) => {
        const n = await repository.countIntentosRecientes(pedidoId, caller.id, desde);
        return n.porPedido > maximo || n.porUsuario > maximo;
      };
      if (await masDe(INTENTOS_CODIGO_ENTREGA - 1)) throw demasiadosIntentos();
      // The try counts before its code is compared, so that concurrent tries cannot get past
      // the limit: a try that then sees more than the limit (its own included) lost the race.
      const intento = await repository.insertIntento(pedidoId, caller.id, ahora);
      if (await masDe(INTENTOS_CODIGO_ENTREGA)) {
        await repository.deleteIntento(intento);
        throw demasiadosIntentos();
      }
      const pedido = await repository.findPedido(pedidoId);
      const valido = pedido?.aprobado === true;
      const iguales = codigosIguales(codigo, valido ? pedido.codigo : CODIGO_INEXISTENTE);
      if (!valido || !iguales) throw codigoIncorrecto();
      await repository.deleteIntento(intento);
      return entregar({
        pedidoId,
        ...(tiendaId ? { tiendaId } : {}),
        usuarioId: caller.id,
        metodo: 'codigo',
        mensaje: MENSAJE_ENTREGA_CODIGO,
      });
    },
  };
}

export type EntregaService = ReturnType<typeof createEntregaService>;
