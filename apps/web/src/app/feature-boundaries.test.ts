import { describe, expect, it } from 'vitest';
import biomeJson from '../../../../biome.json';

/**
 * The web layers (CONVENTIONS rules 4 and 18): routes in src/app compose features; a feature
 * uses src/entities (what several features share: one query key and one parse per endpoint,
 * shared types, session views), src/lib and src/components, and never another feature; an
 * entity never uses a feature or the app. Biome enforces it with `noRestrictedImports`
 * overrides; this test fails when a feature folder has none, so a new feature cannot escape the
 * rule, and reads the sources themselves for the imports Biome would catch.
 */
const featureFiles = import.meta.glob<string>('/src/features/*/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const entityFiles = import.meta.glob<string>('/src/entities/*/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

interface Override {
  includes?: string[];
  linter?: {
    rules?: {
      style?: { noRestrictedImports?: { options?: { patterns?: { group?: string[] }[] } } };
    };
  };
}

const overrides = (biomeJson as { overrides?: Override[] }).overrides ?? [];

function restrictedGroups(include: string): string[] {
  const override = overrides.find((o) => o.includes?.includes(include));
  return (
    override?.linter?.rules?.style?.noRestrictedImports?.options?.patterns?.flatMap(
      (p) => p.group ?? [],
    ) ?? []
  );
}

/** The `@/…` modules a source file imports (static and dynamic). */
function aliasImports(source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'(@\/[^']+)'/g)].map((m) => m[1] ?? '');
}

const features = [
  ...new Set(Object.keys(featureFiles).map((path) => path.split('/')[3] ?? '')),
].sort();

describe('feature boundaries', () => {
  it('finds the features and the entities', () => {
    expect(features).toContain('usuario');
    expect(Object.keys(entityFiles).length).toBeGreaterThan(0);
  });

  it.each(features)('%s may import no other feature', (feature) => {
    expect(restrictedGroups(`apps/web/src/features/${feature}/**`)).toEqual([
      '@/features/**',
      `!@/features/${feature}/**`,
    ]);
    const ajenos = Object.entries(featureFiles)
      .filter(([path]) => path.split('/')[3] === feature)
      .flatMap(([path, source]) =>
        aliasImports(source)
          .filter((m) => m.startsWith('@/features/') && !m.startsWith(`@/features/${feature}/`))
          .map((m) => `${path} -> ${m}`),
      );
    expect(ajenos).toEqual([]);
  });

  it('entities import no feature and not the app', () => {
    expect(restrictedGroups('apps/web/src/entities/**')).toEqual(['@/features/**', '@/app/**']);
    const prohibidos = Object.entries(entityFiles).flatMap(([path, source]) =>
      aliasImports(source)
        .filter((m) => m.startsWith('@/features/') || m.startsWith('@/app/'))
        .map((m) => `${path} -> ${m}`),
    );
    expect(prohibidos).toEqual([]);
  });

  it('lib and components import no entity, feature or app', () => {
    expect(restrictedGroups('apps/web/src/lib/**')).toEqual([
      '@/features/**',
      '@/app/**',
      '@/entities/**',
    ]);
  });
});
