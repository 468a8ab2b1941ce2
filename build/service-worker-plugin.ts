import { createHash } from 'node:crypto';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import type { Plugin } from 'vite';

const ENTRY = path.resolve(import.meta.dirname, '../src/web/sw/service-worker.ts');

/** Files from src/web/public the shell needs offline (the rest are fetched when online). */
const PUBLIC_SHELL_FILES = ['/icons/icon-192.png', '/icons/badge-96.png', '/icons/favicon-32.png'];

/**
 * Builds src/web/sw/service-worker.ts into /sw.js (one classic script, as every browser
 * accepts), with the list of this build's files to precache and a build id that
 * changes whenever any of them does. See docs/decisions/007-web-push-and-pwa.md.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'glz-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((file) => !file.endsWith('.map') && file !== 'index.html');
      const precache = ['/index.html', ...built.map((file) => `/${file}`), ...PUBLIC_SHELL_FILES].sort();
      const index = bundle['index.html'];
      const buildId = createHash('sha256')
        .update(precache.join('\n'))
        .update(index && index.type === 'asset' ? index.source : '')
        .digest('hex')
        .slice(0, 12);
      const result = await esbuild({
        entryPoints: [ENTRY],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        define: { __PRECACHE__: JSON.stringify(precache), __BUILD_ID__: JSON.stringify(buildId) },
      });
      const [output] = result.outputFiles;
      if (!output) throw new Error('service worker build produced nothing');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: output.text });
    },
  };
}
