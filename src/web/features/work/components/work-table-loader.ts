import { preloadable } from '../../../lib/preloadable';

/** Where this device remembers cards or table (WorkViewToggle.tsx). */
export const WORK_VIEW_KEY = 'glz-worklist-view';

// The table (and the scroll area it sits in) is code the card view never needs: it loads
// when chosen, or at once on a device that chose it before (preloadWorkTable). Kept apart
// from the toggle so the router can call this without loading any of the worklist's UI.
const table = preloadable(() => import('./WorkTable').then((m) => m.WorkTable));
export const WorkTable = table.Component;

/** Starts loading the table's code if this device shows the worklist as a table. */
export function preloadWorkTable() {
  try {
    if (window.localStorage.getItem(WORK_VIEW_KEY) === JSON.stringify('table')) void table.load();
  } catch {
    // storage unavailable: the table loads when shown
  }
}
