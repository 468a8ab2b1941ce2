import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded on demand, like React.lazy, that can also be fetched ahead (`load`).
 * Once its code is here, rendering it does not suspend at all: React.lazy would still
 * suspend for a tick on an already-resolved promise and then hold the screen back for
 * its 300 ms fallback throttle — on the worklist that was a third of a second after
 * the rows had arrived (docs/benchmarks.md, «Slow network»). A thenable that answers
 * at once lets React read the module synchronously.
 */
export function preloadable<Props extends object>(importer: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later load() (the background preload) may try again; a failed render
        // stays failed until the page reloads, which ScreenError's «Повторить» does
        throw error;
      },
    ));
  const Component = lazy(() => {
    const ready = loaded;
    const module = ready
      ? // React only calls `then`; answering in it at once is what skips the suspension.
        ({
          then: (resolve: (value: { default: ComponentType<Props> }) => void) => resolve({ default: ready }),
        } as unknown as Promise<{ default: ComponentType<Props> }>)
      : load().then((component) => ({ default: component }));
    return module;
  });
  return { Component, load };
}
