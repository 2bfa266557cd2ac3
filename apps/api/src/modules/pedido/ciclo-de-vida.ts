import type {
  ESTADOS_GRUPO,
  ESTADOS_PAGO,
  EstadoParte,
  EstadoPedido,
} from '@compra-grupal/contracts';

/**
 * The order lifecycle's policy (docs/decisions/028), written once: where a seller's part of an
 * order stands, whether it can be delivered, what a cancelled group gives back of it, and where
 * the whole order stands. Pure functions of what the database holds; every caller (payments,
 * cancellation, jobs, delivery, the lists and the screens' answers) asks here.
 *
 * The rule for a part whose groups end differently: the lines whose groups filled ship, with
 * the part's whole shipping; the places of a cancelled group are refunded at once at their
 * line's price; when the last group of a part that still held places is cancelled, nothing of
 * it ships and its shipping is refunded too, so the part is refunded whole.
 */

export type EstadoPagoDeParte = (typeof ESTADOS_PAGO)[number];
export type EstadoGrupo = (typeof ESTADOS_GRUPO)[number];

/** The places a part holds in one group (its participation). */
export interface ParticipacionDeParte {
  participanteId?: string;
  grupoId: string;
  productoId: string;
  estadoGrupo: EstadoGrupo;
  cantidad: number;
  productoNombre?: string | null;
  lugaresOcupados?: number;
  lugaresNecesarios?: number;
}

/** What the policy needs of one seller's part of an order. */
export interface ParteDelCiclo {
  estadoPago: EstadoPagoDeParte;
  /** The provider holds a payment of this part still pending (do not pay again). */
  pagoEnAcreditacion: boolean;
  /** The order's reservation ran out (or was released) before this part was paid. */
  reservaVencida: boolean;
  entregada: boolean;
  envioCentavos: number;
  /** The part's lines: the unit price of each product. */
  lineas: readonly { productoId: string; precioCentavos: number }[];
  participaciones: readonly ParticipacionDeParte[];
  /** Refunds recorded for this part (pending or confirmed), in centavos. */
  reembolsadoCentavos: number;
}

const grupoLleno = (estado: EstadoGrupo) => estado === 'cerrado' || estado === 'completado';

/** The participations that still go on (their group was not cancelled). */
const vigentes = (parte: Pick<ParteDelCiclo, 'participaciones'>) =>
  parte.participaciones.filter((p) => p.estadoGrupo !== 'cancelado');

/** Where the part stands (contracts ESTADOS_PARTE). */
export function estadoDeParte(parte: ParteDelCiclo): EstadoParte {
  if (parte.entregada) return 'entregada';
  switch (parte.estadoPago) {
    case 'reembolsado':
      return 'reembolsada';
    case 'pendiente':
    case 'rechazado':
      if (parte.pagoEnAcreditacion) return 'en_acreditacion';
      if (parte.reservaVencida) return 'vencido';
      return parte.estadoPago === 'pendiente' ? 'por_pagar' : 'rechazado';
    case 'aprobado': {
      // Paid, but the order's other sellers are not yet: no places taken so far.
      if (parte.participaciones.length === 0) return 'esperando_grupo';
      const siguen = vigentes(parte);
      if (siguen.length === 0) return 'reembolsada';
      return siguen.every((p) => grupoLleno(p.estadoGrupo)) ? 'lista' : 'esperando_grupo';
    }
  }
}

/** Why a paid part cannot be delivered yet, or null when it can. */
export function porQueNoSeEntrega(parte: ParteDelCiclo): string | null {
  const estado = estadoDeParte(parte);
  switch (estado) {
    case 'lista':
      return null;
    case 'entregada':
      return 'ya fue entregado';
    case 'reembolsada':
      return 'sus grupos fueron cancelados y se reembolsó';
    case 'esperando_grupo': {
      if (parte.participaciones.length === 0) {
        return 'sus productos todavía no tienen lugares en un grupo de compra';
      }
      const abierto = vigentes(parte).find((p) => !grupoLleno(p.estadoGrupo));
      if (!abierto) return 'sus grupos todavía no se completaron';
      const nombre = abierto.productoNombre ?? 'un producto';
      return abierto.lugaresOcupados !== undefined && abierto.lugaresNecesarios !== undefined
        ? `el grupo de ${nombre} tiene ${abierto.lugaresOcupados} de ${abierto.lugaresNecesarios} lugares ocupados`
        : `el grupo de ${nombre} todavía no se completó`;
    }
    default:
      return 'su pago todavía no está aprobado';
  }
}

/**
 * What cancelling `grupoId` gives back of this part: the places it held there at their line's
 * price, plus the part's shipping when no other group of the part goes on (decision 028).
 */
export function reembolsoPorCancelacion(
  parte: Pick<ParteDelCiclo, 'participaciones' | 'lineas' | 'envioCentavos'>,
  grupoId: string,
): number {
  const precio = new Map(parte.lineas.map((l) => [l.productoId, l.precioCentavos]));
  let centavos = 0;
  for (const p of parte.participaciones) {
    if (p.grupoId === grupoId) centavos += p.cantidad * (precio.get(p.productoId) ?? 0);
  }
  const otrasSiguen = parte.participaciones.some(
    (p) => p.grupoId !== grupoId && p.estadoGrupo !== 'cancelado',
  );
  return otrasSiguen ? centavos : centavos + parte.envioCentavos;
}

/**
 * Where the whole order stands (contracts ESTADOS_PEDIDO), from its parts' states. When nothing
 * of it goes on, it is `vencido` if some part ran out unpaid (what was paid of it was given back
 * because it expired), else `reembolsado` (its groups were cancelled).
 */
export function estadoDePedido(partes: readonly EstadoParte[]): EstadoPedido {
  const siguen = partes.filter((e) => e !== 'reembolsada' && e !== 'vencido');
  if (siguen.length === 0) return partes.includes('vencido') ? 'vencido' : 'reembolsado';
  if (siguen.some((e) => e === 'por_pagar' || e === 'en_acreditacion' || e === 'rechazado')) {
    return 'por_pagar';
  }
  if (siguen.every((e) => e === 'entregada')) return 'entregado';
  if (siguen.every((e) => e === 'entregada' || e === 'lista')) return 'completo';
  return 'en_proceso';
}

/** Whether the whole order is delivered: every part of it that goes on is (derived, never stored). */
export const pedidoEntregado = (partes: readonly ParteDelCiclo[]): boolean =>
  estadoDePedido(partes.map(estadoDeParte)) === 'entregado';

/**
 * Whether a closed group is now `completado`: every order with places in it has its part for
 * the group's store delivered (DESIGN.md, Purchase groups). One entry per participation.
 */
export function grupoCompletado(participaciones: readonly { entregada: boolean }[]): boolean {
  return participaciones.length > 0 && participaciones.every((p) => p.entregada);
}

/**
 * Whether a line of the part still ships: it holds places in a group that was not cancelled,
 * or it has no places yet (the order is not fully paid).
 */
export function lineaSigue(
  parte: Pick<ParteDelCiclo, 'participaciones'>,
  productoId: string,
): boolean {
  const suyas = parte.participaciones.filter((p) => p.productoId === productoId);
  return suyas.length === 0 || suyas.some((p) => p.estadoGrupo !== 'cancelado');
}

/** Part states whose payment has not gone through. */
const SIN_PAGAR: readonly EstadoParte[] = ['por_pagar', 'en_acreditacion', 'rechazado', 'vencido'];
/** Part states that can be paid now (a payment link is handed out). */
const PAGABLE: readonly EstadoParte[] = ['por_pagar', 'rechazado'];

/**
 * Whether the order can no longer be completed, so nothing unpaid of it will be sold (mirrors
 * `aplicarPago` and the expiry sweep): a part was given back whole before the order was
 * approved (any later approval of the others is refunded), or the reservation of an order of
 * several sellers ran out while some was unpaid (the sweep gives back what was paid, and a
 * later approval is refunded). A one-seller order whose payment is still being credited when
 * its reservation ends may still complete: that part keeps `en_acreditacion`.
 */
function yaNoSeCompleta(partes: readonly ParteDelCiclo[], estados: readonly EstadoParte[]) {
  if (!estados.some((e) => SIN_PAGAR.includes(e))) return false;
  if (estados.includes('reembolsada')) return true;
  return partes.length > 1 && partes.some((p) => p.reservaVencida);
}

/** What the shopper's screens show of one part: its state, its refund and what can be done. */
export interface VistaDeParte {
  estado: EstadoParte;
  reembolsadoCentavos: number;
  /** Everything paid of it was given back (or is being given back): nothing of it ships. */
  reembolsoTotal: boolean;
  acciones: { pagar: boolean };
}

/** What the shopper's screens show of a whole order (docs/decisions/028; rule 17). */
export interface VistaDelPedido {
  /** The parts, in the order given. */
  partes: VistaDeParte[];
  estado: EstadoPedido;
  reembolsadoCentavos: number;
  /** Something was paid and all of it was given back (or is being given back). */
  reembolsoTotal: boolean;
  acciones: { pagar: boolean; cancelar: boolean };
}

/**
 * The order as its shopper sees it, from all its parts at once: each part's state within the
 * order (an unpaid part of an order that can no longer complete reads `vencido`, never 'por
 * pagar' or 'en acreditación'), the order's state, what was refunded, and what the shopper may
 * do: pay a part while it is unpaid or rejected and the order can still complete; cancel the
 * order while nothing is paid nor being credited and the reservation runs (every part
 * `por_pagar` or `rechazado`).
 */
export function vistaDelPedido(partes: readonly ParteDelCiclo[]): VistaDelPedido {
  const propios = partes.map(estadoDeParte);
  const muerto = yaNoSeCompleta(partes, propios);
  const estados = propios.map((e) => (muerto && SIN_PAGAR.includes(e) ? 'vencido' : e));
  const vistas = partes.map((parte, i): VistaDeParte => {
    const estado = estados[i] ?? 'por_pagar';
    return {
      estado,
      reembolsadoCentavos: parte.reembolsadoCentavos,
      reembolsoTotal: estado === 'reembolsada',
      acciones: { pagar: PAGABLE.includes(estado) },
    };
  });
  const estado = muerto ? 'vencido' : estadoDePedido(estados);
  const reembolsadoCentavos = vistas.reduce((t, v) => t + v.reembolsadoCentavos, 0);
  const pagadas = estados.filter((e) => !SIN_PAGAR.includes(e));
  return {
    partes: vistas,
    estado,
    reembolsadoCentavos,
    reembolsoTotal:
      pagadas.length > 0 && pagadas.every((e) => e === 'reembolsada') && reembolsadoCentavos > 0,
    acciones: {
      pagar: vistas.some((v) => v.acciones.pagar),
      cancelar: estados.length > 0 && estados.every((e) => PAGABLE.includes(e)),
    },
  };
}
