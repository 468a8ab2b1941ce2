import { Button } from '@mantine/core';
import { formatPhone } from '../../domain/phone';
import { copyText } from '../lib/clipboard';
import { toast } from '../lib/toast';

export function CopyPhoneButton({ phone }: { phone: string }) {
  if (!phone.trim()) return null;
  const copy = async () => {
    if (await copyText(formatPhone(phone))) toast.success('Скопировано');
    else toast.error('Не удалось скопировать');
  };
  return (
    <Button
      size="xs"
      variant="default"
      onClick={() => void copy()}
      aria-label={`Копировать телефон ${formatPhone(phone)}`}
    >
      Копировать
    </Button>
  );
}
