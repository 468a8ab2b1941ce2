// Mantine's whole style sheet, in its cascade layer (see critical-styles.ts). Loaded with
// every screen but the first two and with the dialogs, so nothing is ever drawn unstyled.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
