/** The spec's two decorative bursts (part 1, section 9: 100 and 50 particles). */
export const RAFAGAS_CONFETI = [100, 50] as const;

function prefiereMenosMovimiento(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * Throws the success screen's confetti: canvas-confetti loads on demand (only this screen uses
 * it), and nothing moves for a user who prefers reduced motion. Decorative: a failure is ignored.
 */
export async function lanzarConfeti(): Promise<void> {
  if (prefiereMenosMovimiento()) return;
  try {
    const { default: confetti } = await import('canvas-confetti');
    const [primera, segunda] = RAFAGAS_CONFETI;
    await confetti({
      particleCount: primera,
      spread: 70,
      origin: { y: 0.6 },
      disableForReducedMotion: true,
    });
    await confetti({
      particleCount: segunda,
      spread: 100,
      origin: { y: 0.6 },
      disableForReducedMotion: true,
    });
  } catch {
    // The celebration is decorative.
  }
}
