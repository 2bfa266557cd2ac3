import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';

/**
 * The server bundle, in the folder that holds everything production runs (docs/decisions/047):
 * server.js, and beside it db/ (the migrations and SQL functions it applies at start, copied
 * here) and the web app's build (web/ and web-server/, written by apps/web's build, which this
 * build leaves in place). `--out-dir` (server.built.test.ts) gets the same db/.
 */
export default defineConfig((options) => {
  const outDir = options.outDir ?? 'dist';
  return {
    entry: { server: 'src/server.ts' },
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outDir,
    // Everything but the web app's build, whichever of the two builds ran last.
    clean: ['!web/**', '!web-server/**'],
    sourcemap: true,
    // The contracts workspace package is TypeScript source: bundle it; keep npm packages external.
    noExternal: ['@compra-grupal/contracts'],
    onSuccess: async () => {
      for (const carpeta of ['migrations', 'functions']) {
        cpSync(join('src/db', carpeta), join(outDir, 'db', carpeta), { recursive: true });
      }
    },
  };
});
