import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const api = 'http://localhost:3000';

/** The brand's green, as index.html's theme-color says it. */
const VERDE = '#059669';

/**
 * The installable app (docs/decisions/056): the web app manifest, and the service worker built
 * from src/sw/sw.ts with the list of the files it precaches. The page registers it itself
 * (lib/service-worker), after the first screen and without workbox-window: nothing is added
 * to index.html but the manifest's link.
 */
function appInstalable() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifest: {
      id: '/',
      name: 'Compra Grupal',
      short_name: 'Compra Grupal',
      description:
        'Encontrá tiendas cerca tuyo, sumate a grupos de compra y pagá menos comprando en conjunto.',
      lang: 'es-AR',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: VERDE,
      // --background of styles/globals.css: the splash screen has the app's own page colour.
      background_color: '#f7fbf9',
      categories: ['shopping'],
      icons: [
        { src: '/iconos/icono-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/iconos/icono-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/iconos/icono-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    // Beside the manifest's icons (precached on their own).
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    injectManifest: {
      // Every script, stylesheet and font of the build (any screen opens offline) and the
      // offline page. Not the .br/.gz beside them (the browser asks for the file), nor
      // index.html: pages come from the network first (src/sw/sw.ts).
      globPatterns: ['assets/*.{js,css,woff2}', 'offline.html'],
      // But Estadísticas' chunk (the charts' library, about 130 kB compressed, opened only by
      // sellers; named after features/estadisticas/components/estadisticas-tienda.tsx, which
      // Mi Tienda imports lazily): fetched when opened, kept by the HTTP cache.
      globIgnores: ['assets/estadisticas-tienda-*.js'],
      // One classic script, no imports: registered without `type: 'module'`.
      rollupFormat: 'iife',
    },
  });
}

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
        // Small files too: the first page loads five scripts under 1 KB (icons, the starter of
        // drawn pages), about 0.5 KB less once compressed. A compressed file no smaller than
        // its original is not written (the plugin's skipIfLargerOrEqual).
        threshold: 0,
      }),
    !isSsrBuild && appInstalable(),
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
      // The app, how a server-drawn page starts it (src/arranque.ts, docs/decisions/044), and
      // the page the service worker shows offline (offline.html, docs/decisions/056).
      input: isSsrBuild
        ? undefined
        : { index: 'index.html', arranque: 'src/arranque.ts', offline: 'offline.html' },
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
