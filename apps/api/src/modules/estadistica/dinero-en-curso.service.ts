import {
  type DineroEnCurso,
  numeroDePedido,
  type PeriodoQuery,
  type ReembolsoEnCurso,
  type ReintentoDeReembolso,
  type ResultadoDeReintento,
} from '@compra-grupal/contracts';
import { requireRole } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { instantesDelPeriodo } from '../../lib/dia-en-buenos-aires';
import { centavosAPesos } from '../../lib/money';
import { CONCILIACION_ESPERA_MS, CONCILIACION_VENTANA_MS } from '../pago/conciliacion.service';
import type { ReembolsosService } from '../pedido/reembolsos.service';
import { REEMBOLSO_INTENTOS_ALERTA } from '../pedido/reembolsos.service';
import type {
  DineroEnCursoRepository,
  ReembolsoEnCursoRow,
  ReintentoRow,
} from './dinero-en-curso.repository';

const MENSAJES: Record<ResultadoDeReintento, string> = {
  reembolsado: 'Reembolso enviado',
  fallido: 'Mercado Pago volvió a rechazar el reembolso',
  ya_reembolsado: 'El reembolso ya estaba hecho',
  en_curso: 'El reembolso ya se está intentando',
};

function reembolsoEnCurso(fila: ReembolsoEnCursoRow, reintentos: ReintentoRow[]): ReembolsoEnCurso {
  return {
    _id: fila.id,
    motivo: fila.motivo,
    pedidoId: fila.pedidoId,
    numero: numeroDePedido(fila.pedidoId),
    tiendaNombre: fila.tiendaNombre,
    monto: centavosAPesos(fila.montoCentavos),
    intentos: fila.intentos,
    ultimoError: fila.ultimoError,
    proximoIntento: fila.estado === 'pendiente' ? fila.proximoIntentoEn.toISOString() : null,
    fechaCreacion: fila.creadoEn.toISOString(),
    fallando: fila.estado === 'pendiente' && fila.intentos >= REEMBOLSO_INTENTOS_ALERTA,
    reintentos: reintentos
      .filter((r) => r.reembolsoId === fila.id)
      .map((r) => ({ por: r.por, en: r.en.toISOString(), resultado: r.resultado })),
  };
}

/**
 * 'Dinero en curso', the product team's view of money in flight (docs/decisions/058), and its
 * retry of a refund through the one refund ledger. Admins only.
 */
export function createDineroEnCursoService({
  repository,
  reembolsos,
  clock = systemClock,
}: {
  repository: DineroEnCursoRepository;
  reembolsos: Pick<ReembolsosService, 'reintentar'>;
  clock?: Clock;
}) {
  return {
    /** GET admin/dinero. */
    async dineroEnCurso(
      actor: Actor | null,
      { desde, hasta }: PeriodoQuery,
    ): Promise<DineroEnCurso> {
      requireRole(actor, 'admin');
      const ahora = clock.now().getTime();
      const [pendientes, sinAplicar, noCoinciden, totales] = await Promise.all([
        repository.reembolsosPendientes(),
        repository.pagosSinAplicar({
          desde: new Date(ahora - CONCILIACION_VENTANA_MS),
          hasta: new Date(ahora - CONCILIACION_ESPERA_MS),
        }),
        repository.pagosNoCoincidentes(),
        repository.totales(instantesDelPeriodo(desde, hasta)),
      ]);
      const reintentos = await repository.reintentos(pendientes.map((r) => r.id));
      return {
        desde,
        hasta,
        pagosSinAplicar: sinAplicar.map((p) => ({
          pedidoId: p.pedidoId,
          numero: numeroDePedido(p.pedidoId),
          tiendaId: p.tiendaId,
          tiendaNombre: p.tiendaNombre,
          monto: centavosAPesos(p.montoCentavos),
          situacion: p.situacion,
          desde: p.desde.toISOString(),
        })),
        reembolsos: pendientes.map((r) => reembolsoEnCurso(r, reintentos)),
        pagosNoCoincidentes: noCoinciden.map((p) => ({
          proveedorPagoId: p.proveedorPagoId,
          pedidoId: p.pedidoId,
          numero: numeroDePedido(p.pedidoId),
          tiendaNombre: p.tiendaNombre,
          monto: centavosAPesos(p.montoCentavos),
          reembolsado: p.reembolsado,
          fecha: p.fecha.toISOString(),
        })),
        totales: {
          ventas: centavosAPesos(totales.ventasCentavos),
          comisiones: centavosAPesos(totales.comisionesCentavos),
          reembolsos: centavosAPesos(totales.reembolsosCentavos),
        },
      };
    },

    /**
     * POST admin/reembolsos/{reembolsoId}/reintentar: one try now (idempotent: the ledger's
     * key, a refund made is not made again), recorded with the admin who asked.
     */
    async reintentar(actor: Actor | null, reembolsoId: string): Promise<ReintentoDeReembolso> {
      const admin = requireRole(actor, 'admin');
      const resultado = await reembolsos.reintentar(reembolsoId, admin.id);
      const fila = resultado && (await repository.reembolso(reembolsoId));
      if (!resultado || !fila) throw notFound('REEMBOLSO_NO_ENCONTRADO');
      const reintentos = await repository.reintentos([reembolsoId]);
      return {
        mensaje: MENSAJES[resultado],
        resultado,
        reembolso: reembolsoEnCurso(fila, reintentos),
      };
    },
  };
}

export type DineroEnCursoService = ReturnType<typeof createDineroEnCursoService>;
