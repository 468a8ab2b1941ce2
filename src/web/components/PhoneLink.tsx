import { Anchor, Button, type AnchorProps } from '@mantine/core';
import { formatPhone, telHref } from '../../domain/phone';

/**
 * A client's phone, written one way (+7 912 345-67-89) whatever was typed, that dials when
 * tapped (issue 19). Plain text when it has no digits to dial.
 */
export function PhoneLink({ phone, ...props }: { phone: string } & AnchorProps) {
  const href = telHref(phone);
  const shown = formatPhone(phone);
  if (!href) return <span>{shown}</span>;
  return (
    <Anchor href={href} className="tap-target" {...props} onClick={(event) => event.stopPropagation()}>
      {shown}
    </Anchor>
  );
}

/** «Позвонить»: the same `tel:` link as a button, beside WhatsApp and «Копировать». */
export function CallButton({ phone }: { phone: string }) {
  const href = telHref(phone);
  if (!href) return null;
  return (
    <Button
      component="a"
      href={href}
      size="xs"
      variant="default"
      aria-label={`Позвонить ${formatPhone(phone)}`}
    >
      Позвонить
    </Button>
  );
}
