import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = 'http://localhost:3000';

/** React, React DOM and React Router change rarely: their own chunk stays cached across deploys. */
const reactVendor = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;

/**
 * The contracts define their zod schemas beside plain constants (ERROR_CODES beside
 * errorBodySchema, LIMITES_SOCKET beside the socket schemas). A `z.object(...)` at the top of a
 * module counts as a side effect, so a page that only reads a constant would bring zod and
 * every schema of that module along. Building a schema changes nothing else (the API, which
 * reads the registry for its OpenAPI document, is not built by Vite), so each top-level
 * definition is marked pure: the browser keeps only the schemas it parses with.
 */
const contractsSource = /\/packages\/contracts\/src\/[^/]+\.ts$/;
function pureContractSchemas(): Plugin {
  return {
    name: 'pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!contractsSource.test(id) || id.endsWith('.test.ts')) return null;
      return {
        code: code.replace(/^((?:export )?const \w+(?:: [^=]+)? = )z\b/gm, '$1/* @__PURE__ */ z'),
        map: null,
      };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    pureContractSchemas(),
    react(),
    tailwindcss(),
    // Brotli and gzip files beside each asset, at their best levels (once, at build time); the
    // server picks one by Accept-Encoding (apps/api/src/plugins/web-app.ts).
    // The server's own build (entry-server.tsx) is read from disk by Node, never sent.
    !isSsrBuild &&
      compression({
        algorithms: [
          defineAlgorithm('brotliCompress', {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
          }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
        threshold: 1024,
      }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The renderer of the public pages needs nothing installed: its npm imports are bundled in.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: {
    // Straight into the API's build, the one folder the production image copies whole
    // (docs/decisions/047): what the browser loads in web/, the server's renderer beside it.
    outDir: isSsrBuild ? '../api/dist/web-server' : '../api/dist/web',
    emptyOutDir: true,
    // public/ is for the browser: the server's renderer needs none of it.
    copyPublicDir: !isSsrBuild,
    rollupOptions: {
      // The app, and how a server-drawn page starts it (src/arranque.ts, docs/decisions/044).
      input: isSsrBuild ? undefined : { index: 'index.html', arranque: 'src/arranque.ts' },
      output: {
        manualChunks: (id) => (reactVendor.test(id) ? 'react-vendor' : undefined),
        // Screens share many tiny chunks (an icon, a badge, a formatter). Over HTTP/1.1 a
        // browser fetches six at a time, so a screen opened directly waited for rounds of them:
        // chunks under 8 KB are merged into the ones that use them (decision 016).
        experimentalMinChunkSize: 8192,
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, changeOrigin: true, ws: true },
      '/uploads': { target: api, changeOrigin: true },
      // The API's development mailbox (docs/decisions/039).
      '/dev/correos': { target: api, changeOrigin: true },
    },
  },
}));
