import type { ShopProfileValues } from './shop-profile';

// Kept apart from shop-profile.ts (and its zod schema): the worklist's first screen, which may
// not load zod (build/first-screens-chunk.ts), asks this too.

/** What a paper's header cannot do without: who the shop is, where, and how to call it (issue 48). */
export const HEADER_FIELD_LABELS = { name: 'Название', address: 'Адрес', phone: 'Телефон' } as const;
type HeaderField = keyof typeof HEADER_FIELD_LABELS;

/** The labels of the header fields still empty, in the order «Настройки» shows them. */
export function missingHeaderFields(profile: Pick<ShopProfileValues, HeaderField>): string[] {
  return (Object.keys(HEADER_FIELD_LABELS) as HeaderField[])
    .filter((field) => profile[field].trim() === '')
    .map((field) => HEADER_FIELD_LABELS[field]);
}
