import type { LimiterStore } from './limiter-store.port';

/** Failures in a row (timeouts, refusals) that open the circuit. */
const FALLOS_PARA_ABRIR = 3;
/** How long an open circuit answers at once before it lets one call try the store again. */
const PAUSA_MS = 5_000;

/** The error of a call the open circuit did not let through. */
export class CircuitoAbierto extends Error {
  constructor() {
    super('el circuito hacia el almacén de límites está abierto');
    this.name = 'CircuitoAbierto';
  }
}

export interface InterruptorLog {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface Interruptor {
  /** Runs `trabajo`, or fails at once with `CircuitoAbierto` while the circuit is open. */
  ejecutar<T>(trabajo: () => Promise<T>): Promise<T>;
  abierto(): boolean;
}

/**
 * A circuit breaker in front of a shared store that may hang (docs/decisions/048): closed, every
 * call goes through; after FALLOS_PARA_ABRIR failures in a row it opens, and for PAUSA_MS every
 * call fails at once (the callers fall back: /api passes uncounted, sign-in counts per node);
 * then one call goes through as a probe while the others still fail at once: its success closes
 * the circuit, its failure opens it for another pause. One log line when it opens, one when it
 * closes.
 */
export function crearInterruptor({
  log,
  nombre,
  fallosParaAbrir = FALLOS_PARA_ABRIR,
  pausaMs = PAUSA_MS,
}: {
  log: InterruptorLog;
  /** What it guards, for the log lines. */
  nombre: string;
  fallosParaAbrir?: number;
  /** Tests shorten it. */
  pausaMs?: number;
}): Interruptor {
  let fallos = 0;
  let abiertoDesde: number | undefined;
  let probando = false;

  const fallo = (error: unknown) => {
    fallos += 1;
    if (abiertoDesde !== undefined) {
      abiertoDesde = Date.now();
      return;
    }
    if (fallos < fallosParaAbrir) return;
    abiertoDesde = Date.now();
    log.error(
      { err: error, almacen: nombre, fallos },
      `${nombre} no responde: se deja de esperarlo por ${pausaMs / 1000} s a la vez (los límites cuentan en este nodo y /api pasa sin contar)`,
    );
  };
  const exito = () => {
    fallos = 0;
    if (abiertoDesde === undefined) return;
    abiertoDesde = undefined;
    log.info({ almacen: nombre }, `${nombre} volvió a responder: se cierra el circuito`);
  };

  return {
    async ejecutar(trabajo) {
      const prueba = abiertoDesde !== undefined;
      if (prueba && (probando || Date.now() - (abiertoDesde as number) < pausaMs)) {
        throw new CircuitoAbierto();
      }
      if (prueba) probando = true;
      try {
        const resultado = await trabajo();
        exito();
        return resultado;
      } catch (error) {
        fallo(error);
        throw error;
      } finally {
        if (prueba) probando = false;
      }
    },
    abierto: () => abiertoDesde !== undefined,
  };
}

/**
 * `store` with every call a request waits for through `interruptor`. A lease's release is not:
 * it runs after the socket is gone, and a release skipped would leave the place renewed.
 */
export function conInterruptor(store: LimiterStore, interruptor: Interruptor): LimiterStore {
  const por = interruptor.ejecutar;
  return {
    kind: store.kind,
    hit: (key, windowMs) => por(() => store.hit(key, windowMs)),
    peek: (key) => por(() => store.peek(key)),
    decrement: (key) => por(() => store.decrement(key)),
    acquire: (slots) => por(() => store.acquire(slots)),
    close: () => store.close(),
  };
}
