// Vite config of the renderer: React, relative asset URLs (served from tactile://app/ in Electron and from the
// bridge's HTTP server in a browser), no inline scripts or styles (the CSP allows 'self' only).
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('../renderer', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome120',
    // Inline assets become data: URLs in <style>/<script>; keep every asset a file so the CSP stays strict.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
});
