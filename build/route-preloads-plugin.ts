import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The first screens of the signed-in app load as their own chunks, so the login screen
 * downloads none of their code (issue 17: ≤ 170 KB of JavaScript). For an /app address,
 * though, waiting for the entry to run before asking for them costs round trips on a slow
 * line. So this writes `route-preloads.json`: for /app and for the worklist, every chunk
 * those screens need that the entry does not already load; the server lists them as
 * <link rel="modulepreload"> in the page it sends for such an address
 * (src/server/http/web-app.ts), and the browser fetches them beside the entry.
 */
const SCREENS: Record<string, string[]> = {
  app: ['src/web/app/shell/AppLayout.tsx'],
  work: ['src/web/app/shell/AppLayout.tsx', 'src/web/features/work/components/WorkPage.tsx'],
};

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** A chunk's file and the files of everything it imports statically, recursively. */
function withStaticImports(bundle: OutputBundle, start: string, into: Set<string>) {
  if (into.has(start)) return;
  into.add(start);
  const chunk = bundle[start];
  if (chunk?.type === 'chunk') for (const file of chunk.imports) withStaticImports(bundle, file, into);
}

export function routePreloads(): Plugin {
  return {
    name: 'glz-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const all = chunks(bundle);
      const entry = all.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route preloads: no entry chunk');
      const loadedByEntry = new Set<string>();
      withStaticImports(bundle, entry.fileName, loadedByEntry);
      const result: Record<string, string[]> = {};
      for (const [name, sources] of Object.entries(SCREENS)) {
        const files = new Set<string>();
        for (const source of sources) {
          const chunk = all.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
          if (!chunk) throw new Error(`route preloads: no chunk for ${source}`);
          withStaticImports(bundle, chunk.fileName, files);
        }
        result[name] = [...files]
          .filter((file) => !loadedByEntry.has(file))
          .sort()
          .map((file) => `/${file}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(result, null, 2),
      });
    },
  };
}
