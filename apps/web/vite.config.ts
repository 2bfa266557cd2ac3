import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = 'http://localhost:3000';

/** React, React DOM and React Router change rarely: their own chunk stays cached across deploys. */
const reactVendor = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip files beside each asset, at their best levels (once, at build time); the
    // server picks one by Accept-Encoding (apps/api/src/plugins/web-app.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        manualChunks: (id) => (reactVendor.test(id) ? 'react-vendor' : undefined),
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
    },
  },
});
