import type { MetricsPort, MotivoDeDescarte } from '../../metrics/metrics.port';

/**
 * Server-rendered pages kept for a short time (docs/decisions/044), the same for every visitor
 * (only pages without a session are rendered). A page remembers the realtime rooms whose events
 * change it (its product's, its store's, its group's) and is dropped when one of them has news.
 * Requests for a page being rendered wait for that render instead of starting another (a link
 * shared in a busy WhatsApp group arrives as a burst).
 */
export interface CacheDePaginas<T> {
  /** The page under `clave`, rendered by `dibujar` if it is not kept or has expired. */
  obtener(clave: string, dibujar: () => Promise<{ valor: T; salas: string[] }>): Promise<T>;
  /** Forgets every page that depends on `sala`. */
  invalidarSala(sala: string): void;
  readonly tamanio: number;
}

export function crearCacheDePaginas<T>({
  ttlMs,
  maximo,
  ahora = Date.now,
  metrics,
}: {
  ttlMs: number;
  /** Pages kept at most; the oldest goes first. */
  maximo: number;
  ahora?: () => number;
  /** Counts hits, misses and the pages dropped, by why (GET /metrics). */
  metrics?: Pick<MetricsPort, 'paginaConsultada' | 'paginaDescartada'>;
}): CacheDePaginas<T> {
  const paginas = new Map<string, { valor: Promise<T>; salas: string[]; vence: number }>();

  const olvidar = (clave: string, motivo?: MotivoDeDescarte) => {
    if (paginas.delete(clave) && motivo) metrics?.paginaDescartada(motivo);
  };

  return {
    obtener(clave, dibujar) {
      const guardada = paginas.get(clave);
      // A request that waits for the page another one is drawing is a hit: it draws nothing.
      if (guardada && guardada.vence > ahora()) {
        metrics?.paginaConsultada('acierto');
        return guardada.valor;
      }
      metrics?.paginaConsultada('fallo');
      if (guardada) olvidar(clave, 'vencida');

      const entrada = { valor: Promise.resolve() as Promise<T>, salas: [] as string[], vence: 0 };
      entrada.valor = dibujar().then(
        ({ valor, salas }) => {
          // Invalidated while it was being drawn: served to who waited, not kept.
          if (paginas.get(clave) === entrada) {
            entrada.salas = salas;
            entrada.vence = ahora() + ttlMs;
          }
          return valor;
        },
        (error: unknown) => {
          if (paginas.get(clave) === entrada) olvidar(clave);
          throw error;
        },
      );
      // While drawing it never expires, so the burst that came with it waits for it.
      entrada.vence = Number.POSITIVE_INFINITY;
      paginas.set(clave, entrada);
      while (paginas.size > maximo) {
        const masVieja = paginas.keys().next().value;
        if (masVieja === undefined) break;
        olvidar(masVieja, 'capacidad');
      }
      return entrada.valor;
    },

    invalidarSala(sala) {
      for (const [clave, { salas, vence }] of paginas) {
        // A page being drawn may already hold the old data: it is not kept either.
        if (vence === Number.POSITIVE_INFINITY || salas.includes(sala)) olvidar(clave, 'evento');
      }
    },

    get tamanio() {
      return paginas.size;
    },
  };
}
