import { paths } from '../../domain/routes';

let kept = '';

/**
 * The token of a one-time link rides in the address's fragment (#…), never sent to a
 * server by itself. Read once as the page starts — before the reset screen's code has even
 * loaded — then taken out of the address bar and the history. Reading it at render instead
 * lost it whenever React rendered the screen a second time (it had already been removed).
 */
export function keepResetTokenFromAddress(): void {
  if (window.location.pathname !== paths.resetPassword) return;
  const token = window.location.hash.replace(/^#/, '').trim();
  if (!token) return;
  kept = token;
  window.history.replaceState(window.history.state, '', window.location.pathname);
}

/** The token kept from this page's address, '' when it came without one. */
export function resetToken(): string {
  return kept;
}
