import type { CreateTypes } from 'canvas-confetti';

/** The spec's two decorative bursts (part 1, section 9: 100 and 50 particles). */
export const RAFAGAS_CONFETI = [100, 50] as const;

function prefiereMenosMovimiento(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

let instancia: CreateTypes | undefined;

/**
 * canvas-confetti's default instance draws in a worker made from a blob: address, which the
 * content security policy (worker-src falls back to default-src 'self') rightly refuses; an
 * instance of our own draws on the main thread, on a full-window canvas it adds itself.
 */
async function instanciaDeConfeti(): Promise<CreateTypes> {
  if (!instancia) {
    const { default: confetti } = await import('canvas-confetti');
    instancia = confetti.create(undefined, {
      useWorker: false,
      resize: true,
      disableForReducedMotion: true,
    });
  }
  return instancia;
}

/**
 * Throws the success screen's confetti: canvas-confetti loads on demand (only this screen uses
 * it), and nothing moves for a user who prefers reduced motion. Decorative: a failure is ignored.
 */
export async function lanzarConfeti(): Promise<void> {
  if (prefiereMenosMovimiento()) return;
  try {
    const confetti = await instanciaDeConfeti();
    const [primera, segunda] = RAFAGAS_CONFETI;
    await confetti({ particleCount: primera, spread: 70, origin: { y: 0.6 } });
    await confetti({ particleCount: segunda, spread: 100, origin: { y: 0.6 } });
  } catch {
    // The celebration is decorative.
  }
}
