// Kept apart from input-text.ts (zod) so a zod-free screen, the login, can use it too.

/**
 * Characters no one types: C0 controls, DEL and the C1 block. PostgreSQL cannot
 * store NUL at all, and the rest only ever arrive from scripts or pasted junk.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but a multi-line field keeps tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTER_MESSAGE = 'недопустимый символ';

/** True when `value` holds a character no field accepts (NUL and friends). */
export function hasControlCharacter(value: string, multiLine: boolean): boolean {
  return (multiLine ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value);
}
