// The one message the service worker sends to an open tab; shared by both sides.

/** Asks the tab to show a page: a notification about it was clicked. */
export interface OpenPageMessage {
  type: 'glz:open';
  url: string;
}
