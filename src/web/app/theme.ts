import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Mantine's close buttons are bare crosses; a screen reader needs their name.
const CLOSE = { 'aria-label': 'Закрыть' };

/**
 * Mantine's defaults fail WCAG AA contrast (issue 17, checked by e2e/a11y.spec.ts): white
 * on blue.6 buttons and blue.6 links are 3.5:1, and the dimmed grey (gray.6) on white is
 * 3.3:1 — hard to read on a phone in a bright workshop. Shade 8 of the primary colour and
 * a darker dimmed grey give at least 4.5:1 on white and on the pale row backgrounds.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    // Plain objects, not Modal.extend(): that would pull the dialog code into the first screen.
    Modal: { defaultProps: { closeButtonProps: CLOSE } },
    Notification: { defaultProps: { closeButtonProps: CLOSE } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
