import type { MetricsPort, MotivoDeDescarte } from '../../metrics/metrics.port';

/**
 * Server-rendered pages kept for a short time (docs/decisions/044), the same for every visitor
 * (only pages without a session are rendered). A page remembers the realtime rooms whose events
 * change it (its product's, its store's, its group's) and is dropped when one of them has news.
 * Requests for a page being rendered wait for that render instead of starting another (a link
 * shared in a busy WhatsApp group arrives as a burst).
 */
export interface CacheDePaginas<T> {
  /**
   * The page under `clave`, drawn by `dibujar` if it is not kept or has expired. A drawing
   * that answers `ausente` (a page that does not exist) is kept apart, in a shelf of its own:
   * a flood of bogus paths never pushes a real page out (docs/decisions/050).
   */
  obtener(
    clave: string,
    dibujar: () => Promise<{ valor: T; salas: string[]; ausente?: boolean }>,
  ): Promise<T>;
  /** Forgets every page that depends on `sala`. */
  invalidarSala(sala: string): void;
  /** Real pages kept. */
  readonly tamanio: number;
}

interface Guardada<T> {
  valor: Promise<T>;
  salas: string[];
  vence: number;
}

export function crearCacheDePaginas<T>({
  ttlMs,
  maximo,
  maximoAusentes = maximo,
  ahora = Date.now,
  metrics,
}: {
  ttlMs: number;
  /** Real pages kept at most; the oldest goes first. */
  maximo: number;
  /** Pages that do not exist kept at most, apart from the real ones. */
  maximoAusentes?: number;
  ahora?: () => number;
  /** Counts hits, misses and the pages dropped, by why (GET /metrics). */
  metrics?: Pick<MetricsPort, 'paginaConsultada' | 'paginaDescartada'>;
}): CacheDePaginas<T> {
  const paginas = new Map<string, Guardada<T>>();
  const ausentes = new Map<string, Guardada<T>>();
  // Pages being drawn: a burst waits for the one drawing; nothing kept is pushed out by them.
  const enCurso = new Map<string, Guardada<T>>();
  const estantes = [paginas, ausentes];

  const olvidar = (clave: string, motivo?: MotivoDeDescarte) => {
    const habia = estantes.map((estante) => estante.delete(clave)).some(Boolean);
    if (habia && motivo) metrics?.paginaDescartada(motivo);
  };
  const guardar = (
    estante: Map<string, Guardada<T>>,
    tope: number,
    clave: string,
    entrada: Guardada<T>,
  ) => {
    estante.set(clave, entrada);
    while (estante.size > tope) {
      const masVieja = estante.keys().next().value;
      if (masVieja === undefined) break;
      estante.delete(masVieja);
      metrics?.paginaDescartada('capacidad');
    }
  };

  return {
    obtener(clave, dibujar) {
      const dibujando = enCurso.get(clave);
      // A request that waits for the page another one is drawing is a hit: it draws nothing.
      if (dibujando) {
        metrics?.paginaConsultada('acierto');
        return dibujando.valor;
      }
      const guardada = paginas.get(clave) ?? ausentes.get(clave);
      if (guardada && guardada.vence > ahora()) {
        metrics?.paginaConsultada('acierto');
        return guardada.valor;
      }
      metrics?.paginaConsultada('fallo');
      if (guardada) olvidar(clave, 'vencida');

      const entrada: Guardada<T> = {
        valor: Promise.resolve() as Promise<T>,
        salas: [],
        vence: 0,
      };
      entrada.valor = dibujar().then(
        ({ valor, salas, ausente }) => {
          // Invalidated while it was being drawn: served to who waited, not kept.
          if (enCurso.get(clave) === entrada) {
            enCurso.delete(clave);
            entrada.salas = salas;
            entrada.vence = ahora() + ttlMs;
            if (ausente) guardar(ausentes, maximoAusentes, clave, entrada);
            else guardar(paginas, maximo, clave, entrada);
          }
          return valor;
        },
        (error: unknown) => {
          if (enCurso.get(clave) === entrada) enCurso.delete(clave);
          throw error;
        },
      );
      enCurso.set(clave, entrada);
      return entrada.valor;
    },

    invalidarSala(sala) {
      // A page being drawn may already hold the old data: it is not kept either.
      enCurso.clear();
      for (const estante of estantes) {
        for (const [clave, { salas }] of estante) {
          if (salas.includes(sala)) olvidar(clave, 'evento');
        }
      }
    },

    get tamanio() {
      return paginas.size;
    },
  };
}
