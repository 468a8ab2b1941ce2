import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreensChunk } from './build/first-screens-chunk.ts';
import { routePreloads } from './build/route-preloads-plugin.ts';
import { serviceWorker } from './build/service-worker-plugin.ts';

const OUT_DIR = path.resolve(import.meta.dirname, 'dist/web');

/**
 * Writes .br and .gz beside every text asset once at build time; the server sends
 * them to browsers that accept them (a 700 kB bundle becomes about 200 kB), with no
 * compression work per request.
 */
function precompress(): Plugin {
  return {
    name: 'glz-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(OUT_DIR)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

const firstScreens = firstScreensChunk();

// The web app lives in src/web and is built to dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), firstScreens.plugin, routePreloads(), serviceWorker(), precompress()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // Kept beside the build for reading a production stack trace; never referenced by
    // the bundles nor served (src/server/http/web-app.ts).
    sourcemap: 'hidden',
    // React + Mantine make a ~560 kB main chunk (about 170 kB as sent); measured in
    // docs/benchmarks.md and within the first-row target, so the warning is only noise.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [firstScreens.group] } },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
