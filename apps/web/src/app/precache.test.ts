import { describe, expect, it } from 'vitest';

/** The route that loads Estadísticas, and the module whose name its chunk takes. */
const miTienda = import.meta.glob<string>('/src/app/routes/mi-tienda.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const estadisticas = import.meta.glob(
  '/src/features/estadisticas/components/estadisticas-tienda.tsx',
);

describe("the service worker's precache (docs/decisions/056)", () => {
  it('leaves out the chunk Mi Tienda loads lazily, named after estadisticas-tienda.tsx', () => {
    // Renaming the module renames the chunk: vite.config.ts' globIgnores would miss it.
    expect(Object.keys(estadisticas)).toHaveLength(1);
    expect(Object.values(miTienda)[0]).toContain(
      "import('@/features/estadisticas/components/estadisticas-tienda')",
    );
  });
});
