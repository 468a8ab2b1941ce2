/**
 * The filled red of a destructive confirmation («Удалить»): Mantine's red.8 under white
 * text is 4.48:1, just short of WCAG AA; red.9 is 5.4:1.
 */
export const DANGER_CONFIRM = { color: 'red.9' } as const;
