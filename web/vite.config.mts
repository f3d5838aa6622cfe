import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The pages: web/ → dist/public (after `nest build`, which empties dist/). The server serves the HTML
 * pages itself (src/pages) and the hashed files under /assets. No CDN: everything is bundled here.
 */
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: resolve(here, '../dist/public'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        lobby: resolve(here, 'index.html'),
        play: resolve(here, 'play.html'),
        arena: resolve(here, 'arena.html'),
      },
    },
  },
});
