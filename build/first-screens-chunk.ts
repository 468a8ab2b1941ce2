import path from 'node:path';
import type { Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = path.join(ROOT, 'src/web/main.tsx');
/** The signed-in shell and the worklist: one chunk, loaded for /app, not for the login. */
const FIRST_SCREENS = [
  path.join(ROOT, 'src/web/app/shell/AppLayout.tsx'),
  path.join(ROOT, 'src/web/features/work/components/WorkPage.tsx'),
];

/**
 * Left to itself the bundler splits the code the worklist shares with other screens into
 * dozens of 1 KB chunks; on a slow line each costs a round trip and a kilobyte of
 * headers (docs/benchmarks.md, «Slow network»). This plugin learns, once the module
 * graph is built, which modules the first screens need beyond the entry, and
 * `firstScreensGroup` puts exactly those into one chunk.
 */
export function firstScreensChunk() {
  const wanted = new Set<string>();
  const plugin: Plugin = {
    name: 'glz-first-screens-chunk',
    apply: 'build',
    buildEnd() {
      const reach = (start: string, into: Set<string>) => {
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const entry = new Set<string>();
      reach(ENTRY, entry);
      const screens = new Set<string>();
      for (const screen of FIRST_SCREENS) reach(screen, screens);
      wanted.clear();
      for (const id of screens) if (!entry.has(id)) wanted.add(id);
      if (wanted.size === 0) throw new Error('first screens chunk: nothing found (paths moved?)');
      // zod is 90 KB the worklist never needs (its forms load with their screens): a domain
      // module with a schema, imported by the shell or the worklist, once tripled this chunk.
      const heavy = [...wanted].filter((id) =>
        /[\\/]node_modules[\\/](zod|recharts|@mantine[\\/]charts)[\\/]/.test(id),
      );
      if (heavy.length > 0) {
        const via = [...wanted].filter(
          (id) =>
            !id.includes('node_modules') &&
            this.getModuleInfo(id)?.importedIds.some((imported) => heavy.includes(imported)),
        );
        throw new Error(
          `first screens chunk: the shell or the worklist imports ${heavy[0]} (through ${via.map((id) => path.relative(ROOT, id)).join(', ')})`,
        );
      }
    },
  };
  const group = { name: 'first-screens', test: (id: string) => wanted.has(id), priority: 10 };
  return { plugin, group };
}
