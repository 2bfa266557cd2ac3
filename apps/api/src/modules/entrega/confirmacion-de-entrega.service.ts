import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CompararCodigoRequest,
  type EntregaResponse,
  ERROR_CODES,
  INTENTOS_CODIGO_ENTREGA,
  INTENTOS_CODIGO_ENTREGA_EN_TOTAL,
  userRoom,
  VENTANA_CODIGO_MS,
} from '@compra-grupal/contracts';
import { requireAccess, requireActor, requireRole } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError } from '../../lib/app-error';
import { anunciarGrupoActualizado } from '../grupo-de-compra/grupo-de-compra.ports';
import { grupoCompletado, pedidoEntregado, porQueNoSeEntrega } from '../pedido/ciclo-de-vida';
import type { DepsDeEntrega } from './entrega-comun';

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

/**
 * Delivering a seller's part of an order: the seller marks it, or a courier enters the
 * shopper's code. Irreversible and audited.
 */
export function createConfirmacionDeEntrega({
  repository,
  withTransaction,
  mensajes,
  clock,
}: Pick<DepsDeEntrega, 'repository' | 'withTransaction' | 'mensajes' | 'clock'>) {
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
      // Each seller's day as a route checks the stop off live (docs/decisions/057).
      for (const v of await repos.entrega.findVendedores(entregadas)) {
        await repos.eventos.registrar(userRoom(v.usuarioId), 'entregaConfirmada', {
          pedidoId: input.pedidoId,
          tiendaId: v.tiendaId,
        });
      }
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

  return {
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
     * POST pedido/compararCodigo, couriers and admins: the shopper's code delivers the part
     * of `tiendaId`, or every part ready for delivery. A wrong code, an unknown order and an
     * order not approved answer the same 400 and count as a wrong try. The guesser is locked,
     * not the code (issue 34): after INTENTOS_CODIGO_ENTREGA wrong tries in VENTANA_CODIGO_MS
     * by this caller on this order (or INTENTOS_CODIGO_ENTREGA_EN_TOTAL on any), this caller
     * gets 429 before anything is compared; the seller and other couriers still deliver it.
     */
    async compararCodigo(
      actor: Actor | null,
      { _id: pedidoId, codigo, tiendaId }: CompararCodigoRequest,
    ): Promise<EntregaResponse> {
      const caller = requireRole(actor, 'repartidor', 'admin');
      const ahora = clock.now();
      const desde = new Date(ahora.getTime() - VENTANA_CODIGO_MS);
      const masDe = async (margen: number) => {
        const n = await repository.countIntentosRecientes(pedidoId, caller.id, desde);
        return (
          n.enEstePedido > INTENTOS_CODIGO_ENTREGA - margen ||
          n.enTodos > INTENTOS_CODIGO_ENTREGA_EN_TOTAL - margen
        );
      };
      if (await masDe(1)) throw demasiadosIntentos();
      // The try counts before its code is compared, so that concurrent tries cannot get past
      // the limit: a try that then sees more than the limit (its own included) lost the race.
      const intento = await repository.insertIntento(pedidoId, caller.id, ahora);
      if (await masDe(0)) {
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
