import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { cambiarTamanio, type Tamanio } from './helpers';

const IMPACTOS_QUE_FALLAN = new Set(['critical', 'serious', 'moderate']);

/** The desktop size every screen of a journey walked on a phone is also checked at. */
export const ESCRITORIO: Tamanio = { width: 1280, height: 860 };

/**
 * axe finds nothing critical, serious or moderate on the page as it is now: every WCAG 2.1 A/AA
 * rule, the best practices and the experimental check that a control's name holds its text. What
 * failed and where is listed in the report.
 *
 * axe runs in the page itself (legacy mode): the same rules and results for the app's screens,
 * which hold no frame of another origin, in a third of the time of the default mode, which opens
 * a blank page for every check to merge the frames' results.
 */
export async function expectSinViolaciones(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode()
    .analyze();
  const found = violations
    .filter((violation) => IMPACTOS_QUE_FALLAN.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
  expect(found).toEqual([]);
}

export interface Pantalla {
  /** What the screen shows: visible at each width before axe runs, and again once back. */
  muestra?: Locator[];
  /**
   * Puts the screen in the state checked, at each width: a hover, or the action that shows a
   * toast (a toast lasts 5 s, too short to be held through a resize and two runs of axe).
   */
  preparar?: () => Promise<void>;
}

/**
 * expectSinViolaciones on the screen as it is now at the phone width the journey walks at, then
 * at the desktop width (ESCRITORIO), once the layout has settled there; then back at the phone
 * width, with the screen as it was, for the journey to go on.
 */
export async function expectSinViolacionesEnAmbosAnchos(
  page: Page,
  { muestra = [], preparar }: Pantalla = {},
) {
  const movil = page.viewportSize();
  if (!movil || movil.width >= ESCRITORIO.width) {
    throw new Error('The journey walks at a phone width; this checks the desktop one too.');
  }
  const comprobar = async () => {
    for (const visible of muestra) await expect(visible).toBeVisible();
    await preparar?.();
    await expectSinViolaciones(page);
  };
  await comprobar();
  await cambiarTamanio(page, ESCRITORIO);
  await comprobar();
  await cambiarTamanio(page, movil);
  for (const visible of muestra) await expect(visible).toBeVisible();
}
