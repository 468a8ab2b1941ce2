import type { ReactNode } from 'react';

/**
 * Makes every field and button inside read-only at once (a native disabled fieldset),
 * e.g. a card whose record is in the Корзина.
 */
export function ReadOnlyWhen({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
