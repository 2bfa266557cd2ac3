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
}

/** Counts nothing: callers that export no metrics (the command line, some tests). */
export const sinMetricas: MetricsPort = {
  pagoAplicado: () => undefined,
  reembolsoFallido: () => undefined,
  trabajoTerminado: () => undefined,
};
