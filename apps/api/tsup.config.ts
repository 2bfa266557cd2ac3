import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contracts workspace package is TypeScript source: bundle it; keep npm packages external.
  noExternal: ['@compra-grupal/contracts'],
});
