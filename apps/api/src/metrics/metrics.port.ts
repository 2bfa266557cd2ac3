/**
 * What the services count for the operator's metrics (GET /metrics), without knowing how they
 * are exported: modules call this port, metrics/prometheus-metrics.ts implements it.
 */
export interface MetricsPort {
  /** A provider's payment applied to its order: approved, rejected, or approved and refunded. */
  pagoAplicado(resultado: 'aprobado' | 'rechazado' | 'reembolsado'): void;
  /** A refund the provider did not confirm (it is retried with backoff). */
  reembolsoFallido(): void;
  /** A background job's run ended: done, to be retried, or failed for good. */
  trabajoTerminado(tipo: string, resultado: 'hecho' | 'reintento' | 'fallido'): void;
  /**
   * An outbox event was emitted, `demoraSegundos` after its row was written (right before its
   * transaction's COMMIT), both read on the database's clock.
   */
  eventoPublicado(demoraSegundos: number): void;
  /**
   * A drawn page was asked of the page cache: kept (or being drawn for an earlier request), or
   * not kept and drawn now.
   */
  paginaConsultada(resultado: 'acierto' | 'fallo'): void;
  /**
   * The page cache dropped a page: to make room (`capacidad`), because an event changed it
   * (`evento`), or found expired when asked again (`vencida`).
   */
  paginaDescartada(motivo: MotivoDeDescarte): void;
  /** A database error that reached a request's answer, by kind (lib/db-errors.ts). */
  errorDeBaseDeDatos(tipo: 'conexion' | 'tiempo_agotado' | 'conflicto' | 'otro'): void;
}

export type MotivoDeDescarte = 'capacidad' | 'evento' | 'vencida';

/** Counts nothing: callers that export no metrics (the command line, some tests). */
export const sinMetricas: MetricsPort = {
  pagoAplicado: () => undefined,
  reembolsoFallido: () => undefined,
  trabajoTerminado: () => undefined,
  eventoPublicado: () => undefined,
  paginaConsultada: () => undefined,
  paginaDescartada: () => undefined,
  errorDeBaseDeDatos: () => undefined,
};
