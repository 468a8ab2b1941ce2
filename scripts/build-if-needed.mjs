// `npm start` runs this first: it builds what is missing or older than its sources — the web app
// (Vite, into dist/web) and the server (esbuild, into dist/server/main.js) — so that a fresh clone
// needs only `npm install && npm start`, and a restart runs JavaScript built once instead of
// compiling the server's TypeScript at every start (docs/decisions/035-server-built-once.md).
// Plain JavaScript, run by Node itself: deciding that nothing needs building takes milliseconds.
// `--force` builds both whatever their age (`npm run build`).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time under `target` (a file or a folder), 0 when it is missing. */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const parts = [
  {
    name: 'web app',
    built: at('dist/web/index.html'),
    sources: ['src/web', 'src/domain', 'build', 'vite.config.ts', 'package-lock.json'],
    async build() {
      const { build } = await import('vite');
      await build({ configFile: at('vite.config.ts'), logLevel: 'warn' });
    },
  },
  {
    name: 'server',
    built: at('dist/server/main.js'),
    sources: ['src/server', 'src/domain', 'package-lock.json', 'scripts/build-if-needed.mjs'],
    async build() {
      const { build } = await import('esbuild');
      await build({
        entryPoints: [at('src/server/main.ts')],
        outfile: at('dist/server/main.js'),
        bundle: true,
        // Packages stay in node_modules, loaded as they are (native ones among them).
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
      });
    },
  },
];

const force = process.argv.includes('--force');
for (const part of parts) {
  const builtAt = fs.existsSync(part.built) ? fs.statSync(part.built).mtimeMs : 0;
  const sourcesAt = Math.max(...part.sources.map((source) => newestMtime(at(source))));
  if (!force && builtAt >= sourcesAt) continue;
  process.stdout.write(`Building the ${part.name} (once after install or update)…\n`);
  await part.build();
}
