import { Button, Code, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  PLACEHOLDERS,
  TEMPLATE_KEYS,
  TEMPLATE_LABELS,
  TEMPLATE_LIMIT,
  messageTemplatesInput,
  type MessageTemplates,
  type MessageTemplatesDto,
} from '../../../../domain/message-templates';
import { ErrorBox } from '../../../components/ErrorBox';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/schema-form';
import { useFollowSaved } from '../../../lib/follow-saved';
import { toast } from '../../../lib/toast';
import { useSaveMessageTemplates } from '../api/message-templates-api';

const TEMPLATE_DESCRIPTIONS: Partial<Record<string, string>> = {
  general: 'Для статусов без своего текста',
  estimate: '«Отправить смету клиенту» в заявке: сумма сметы и ссылка, где клиент её согласует',
};

function valuesOf(templates: MessageTemplatesDto): MessageTemplates {
  return Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, templates[key]])) as MessageTemplates;
}

/**
 * «Шаблоны сообщений» (issue 19): the general one and one per status, with the placeholders
 * spelled out. Saved whole; a save over another admin's is refused and keeps what was typed.
 */
export function TemplatesForm({ templates }: { templates: MessageTemplatesDto }) {
  const save = useSaveMessageTemplates();
  const [baseVersion, setBaseVersion] = useState(templates.version);
  const [stale, setStale] = useState(false);
  const { form, onSubmit } = useSchemaForm({
    schema: messageTemplatesInput,
    initialValues: valuesOf(templates),
    toPayload: (values) => ({ ...values, version: baseVersion }),
  });
  useFollowSaved(form, { values: valuesOf(templates), version: templates.version }, setBaseVersion);

  const submit = onSubmit((data) =>
    save.mutate(data, {
      onSuccess: (saved) => {
        // What is on screen is now what is stored: the next save builds on this version.
        form.resetDirty();
        setBaseVersion(saved.version);
        setStale(false);
        toast.success('Шаблоны сохранены');
      },
      onError: (error) => {
        const current =
          error instanceof ApiError
            ? (error.body as { templates?: MessageTemplatesDto })?.templates
            : undefined;
        if (current) {
          setBaseVersion(current.version);
          setStale(true);
        }
      },
    }),
  );

  return (
    <Paper component="form" onSubmit={submit} noValidate withBorder p="md" radius="md">
      <Stack>
        <Text fw={500}>Шаблоны сообщений клиенту</Text>
        <Text size="sm" c="dimmed">
          «Написать клиенту» в заявке берёт шаблон её статуса (пустой — общий) и подставляет значения:{' '}
          {Object.entries(PLACEHOLDERS).map(([name, meaning], index) => (
            <span key={name}>
              {index > 0 ? ', ' : ''}
              <Code>{`{${name}}`}</Code> — {meaning}
            </span>
          ))}
          .
          {templates.updatedAt
            ? ` Изменено ${formatDateTime(templates.updatedAt)}${templates.updatedByName ? ` · ${templates.updatedByName}` : ''}.`
            : ''}
        </Text>
        <ErrorBox
          message={
            stale
              ? 'Шаблоны уже изменил другой сотрудник. Ваши тексты остались как есть: проверьте их и сохраните ещё раз, чтобы записать свои.'
              : save.isError
                ? errorMessage(save.error)
                : null
          }
        />
        {TEMPLATE_KEYS.map((key) => (
          <Textarea
            key={key}
            label={TEMPLATE_LABELS[key]}
            description={TEMPLATE_DESCRIPTIONS[key]}
            placeholder={
              key === 'general'
                ? undefined
                : key === 'estimate'
                  ? 'Пусто — встроенный текст'
                  : 'Пусто — общий шаблон'
            }
            autosize
            minRows={2}
            maxLength={TEMPLATE_LIMIT}
            {...form.getInputProps(key)}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Сохранить шаблоны
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
