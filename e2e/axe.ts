import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const IMPACTOS_QUE_FALLAN = new Set(['critical', 'serious', 'moderate']);

/**
 * axe finds nothing critical, serious or moderate on the page as it is now: every WCAG 2.1 A/AA
 * rule, the best practices and the experimental check that a control's name holds its text. What
 * failed and where is listed in the report.
 */
export async function expectSinViolaciones(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
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
