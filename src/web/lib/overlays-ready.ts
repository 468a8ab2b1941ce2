let mounted!: () => void;
let wanted: () => void = () => {};
let requested = false;

/** Resolves once the dialogs and toasts are on the page (src/web/app/overlays.tsx). */
export const overlaysReady = new Promise<void>((resolve) => (mounted = resolve));

export function markOverlaysMounted() {
  mounted();
}

/** Asks for the dialogs now rather than at their usual moment (someone wants to confirm something). */
export function requestOverlays() {
  requested = true;
  wanted();
}

/** The overlays' mounter (app/providers.tsx) hears requests, including one made before it listened. */
export function onOverlaysRequested(listener: () => void): () => void {
  wanted = listener;
  if (requested) listener();
  return () => {
    wanted = () => {};
  };
}
