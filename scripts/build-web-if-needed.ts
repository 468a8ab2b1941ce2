// `npm start` runs this first: it builds the web app when dist/web is missing or
// older than its sources, so a fresh clone needs only `npm install && npm start`.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/domain', 'build', 'vite.config.ts', 'package-lock.json'].map((p) =>
  path.join(root, p),
);

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));

if (builtAt >= sourcesAt) {
  process.stdout.write('Web app is up to date.\n');
} else {
  process.stdout.write('Building the web app (once after install or update)…\n');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
