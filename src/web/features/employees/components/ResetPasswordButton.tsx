import { Anchor, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { confirmModal } from '../../../lib/confirm';
import { useState } from 'react';
import { whatsappNumber } from '../../../../domain/phone';
import type { UserDto } from '../../../../domain/users';
import { errorMessage } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMakeResetLink } from '../api/employees-api';

/**
 * «Сбросить пароль»: after confirming, a one-time link (24 h) to copy or send by
 * WhatsApp; the person opens it, sets a new password, and every session of theirs ends.
 */
export function ResetPasswordButton({ employee }: { employee: UserDto }) {
  const make = useMakeResetLink();
  const [made, setMade] = useState<{ link: string; expiresAt: string } | null>(null);
  const number = whatsappNumber(employee.phone);
  const message = made
    ? `Ссылка для нового пароля в GL Задачи (действует до ${formatDateTime(made.expiresAt)}): ${made.link}`
    : '';

  const confirm = () =>
    confirmModal({
      title: 'Сбросить пароль?',
      children: (
        <Text size="sm">
          {employee.displayName} получит одноразовую ссылку на 24 часа, чтобы задать новый пароль. Прежняя
          ссылка, если была, перестанет работать.
        </Text>
      ),
      labels: { confirm: 'Получить ссылку', cancel: 'Отмена' },
      onConfirm: () =>
        make.mutate(employee.id, {
          onSuccess: setMade,
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        onClick={confirm}
        loading={make.isPending}
        aria-label={`Сбросить пароль: ${employee.displayName}`}
      >
        Сбросить пароль
      </Button>
      <Modal opened={made !== null} onClose={() => setMade(null)} title="Ссылка для нового пароля">
        {made && (
          <Stack>
            <Text size="sm">
              Передайте ссылку сотруднику ({employee.displayName}). Она работает один раз, до{' '}
              {formatDateTime(made.expiresAt)}.
            </Text>
            {/localhost|127\.0\.0\.1/.test(made.link) && (
              <Text size="sm" c="orange">
                Ссылка ведёт на этот компьютер (localhost): с телефона сотрудника она не откроется. Откройте
                приложение по адресу в сети (или задайте PUBLIC_URL) и получите ссылку заново.
              </Text>
            )}
            <Code block data-testid="reset-link" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {made.link}
            </Code>
            <Group>
              <Button
                onClick={async () =>
                  (await copyText(made.link))
                    ? toast.success('Скопировано')
                    : toast.error('Не удалось скопировать')
                }
              >
                Копировать
              </Button>
              {number && (
                <Anchor
                  href={`https://wa.me/${number}?text=${encodeURIComponent(message)}`}
                  target="_blank"
                  rel="noopener"
                >
                  Отправить в WhatsApp
                </Anchor>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
