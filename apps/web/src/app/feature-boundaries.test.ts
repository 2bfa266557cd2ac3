import { describe, expect, it } from 'vitest';
import biomeJson from '../../../../biome.json';

/**
 * Features do not import each other (CONVENTIONS rule 4). Biome enforces it with one
 * `noRestrictedImports` override per feature; this test fails when a feature folder has none,
 * so a new feature cannot escape the rule.
 */
const featureFiles = import.meta.glob('/src/features/*/**/*.{ts,tsx}');

interface Override {
  includes?: string[];
  linter?: {
    rules?: {
      style?: { noRestrictedImports?: { options?: { patterns?: { group?: string[] }[] } } };
    };
  };
}

describe('feature boundaries', () => {
  const features = [
    ...new Set(Object.keys(featureFiles).map((path) => path.split('/')[3] ?? '')),
  ].sort();
  const overrides = (biomeJson as { overrides?: Override[] }).overrides ?? [];

  it('finds the features', () => {
    expect(features).toContain('usuario');
  });

  it.each(features)('%s may import no other feature', (feature) => {
    const override = overrides.find((o) =>
      o.includes?.includes(`apps/web/src/features/${feature}/**`),
    );
    const groups =
      override?.linter?.rules?.style?.noRestrictedImports?.options?.patterns?.flatMap(
        (p) => p.group ?? [],
      ) ?? [];
    expect(groups).toEqual(['@/features/**', `!@/features/${feature}/**`]);
  });
});
