import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

// A shop installs with `npm install && npm start` on the Node the README names: neither may print
// a warning that reads like a fault (issue 48, item 8).

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

interface LockFile {
  packages: Record<string, { engines?: Record<string, string> | string[]; dev?: boolean }>;
}

describe('a clean install on the documented Node', () => {
  const pkg = readJson('package.json') as { engines: { node: string } };
  const minimum = semver.minVersion(pkg.engines.node);

  it('is the Node the README names', () => {
    expect(minimum?.version).toBe('20.19.0');
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node.js 20.19 or newer');
  });

  it('installs no package that wants a newer Node (npm would print EBADENGINE)', () => {
    const lock = readJson('package-lock.json') as LockFile;
    const unfit = Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      .flatMap(([where, entry]) => {
        const wanted = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
        return wanted && minimum && !semver.satisfies(minimum, wanted) ? [`${where}: node ${wanted}`] : [];
      });
    expect(unfit).toEqual([]);
  });
});

describe('the first start', () => {
  it('loads the Vite config without a warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      path.join(root, 'vite.config.ts'),
      root,
      'warn',
      logger,
    );
    expect(loaded).not.toBeNull();
    expect(warnings).toEqual([]);
  });
});
