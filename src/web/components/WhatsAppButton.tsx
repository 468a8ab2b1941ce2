import { Button } from '@mantine/core';
import { whatsappLink } from '../../domain/phone';

/** Opens a WhatsApp chat in a new tab; nothing at all when there is no number (spec §5). */
export function WhatsAppButton({ phone, whatsappUrl }: { phone: string; whatsappUrl?: string | null }) {
  const href = whatsappLink({ phone, whatsappUrl });
  if (!href) return null;
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="green"
      size="xs"
      variant="light"
      // Mantine's light green text is 3.8:1 on its background; this green is 6.8:1 (WCAG AA).
      c="#1b5e2a"
    >
      WhatsApp
    </Button>
  );
}
