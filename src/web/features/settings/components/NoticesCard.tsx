import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  NOTICE_CHANNEL_LABELS,
  NOTICE_EVENT_LABELS,
  NOTICE_EVENTS,
  RULE_CHOICE_LABELS,
  RULE_CHOICES,
  noticeSettingsInput,
  type NoticeChannel,
  type NoticeSettings,
  type RuleChoice,
} from '../../../../domain/client-notices';
import { ErrorBox } from '../../../components/ErrorBox';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingMessage } from '../../../components/LoadingMessage';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  useNotices,
  useSaveNotices,
  useSaveNoticeSecrets,
  useTestNotice,
  type NoticesState,
} from '../api/notices-api';

/**
 * «Сообщения клиентам» (issue 54): which events write to the client and how, quiet hours, the
 * SMS cap, the channels' keys (saved, never shown again) and a test message per channel.
 */
export function NoticesCard() {
  const state = useNotices();
  if (state.isError) {
    return <LoadFailed message={errorMessage(state.error)} onRetry={() => void state.refetch()} />;
  }
  if (!state.data) return <LoadingMessage paused={state.fetchStatus === 'paused'} />;
  return (
    <Paper withBorder p="md" radius="md" id="client-messages">
      <Stack gap="md">
        <Title order={3}>Сообщения клиентам</Title>
        <Text size="sm" c="dimmed">
          Сервис сам пишет клиенту о главном: заявка принята, смета готова, устройство готово к выдаче. Текст
          берётся из шаблонов ниже. Каждое сообщение видно на заявке: отправлено, доставлено или почему нет.
        </Text>
        <ChannelsForm state={state.data} />
        <RulesForm state={state.data} />
      </Stack>
    </Paper>
  );
}

function ChannelsForm({ state }: { state: NoticesState }) {
  const save = useSaveNoticeSecrets();
  const [smsApiId, setSmsApiId] = useState('');
  const [telegramToken, setTelegramToken] = useState('');
  const { channels, smsCount } = state;
  const submit = () =>
    save.mutate(
      { smsApiId: smsApiId.trim() || undefined, telegramToken: telegramToken.trim() || undefined },
      {
        onSuccess: () => {
          setSmsApiId('');
          setTelegramToken('');
          toast.success('Ключи сохранены');
        },
      },
    );
  const forget = (channel: 'sms' | 'telegram') =>
    save.mutate({ clear: [channel] }, { onSuccess: () => toast.success('Ключ удалён') });

  return (
    <Stack gap="sm">
      <Title order={4}>Каналы</Title>
      <ErrorBox message={save.isError ? errorMessage(save.error) : null} />
      <Group gap="xs" wrap="wrap">
        <ChannelBadge label="SMS (SMS.ru)" ready={channels.sms.configured} />
        <ChannelBadge
          label={channels.telegram.bot ? `Telegram @${channels.telegram.bot}` : 'Telegram'}
          ready={channels.telegram.configured}
        />
        <ChannelBadge label="E-mail" ready={channels.email.configured} />
      </Group>
      {!channels.email.configured && (
        <Text size="xs" c="dimmed">
          E-mail отправляется через почтовый сервер сервиса: его задают при запуске (SMTP_URL, MAIL_FROM и
          PUBLIC_URL).
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="password"
          label="Ключ API SMS.ru"
          description={
            channels.sms.configured ? 'Сохранён. Введите новый, чтобы заменить' : 'В личном кабинете SMS.ru'
          }
          autoComplete="off"
          value={smsApiId}
          onChange={(event) => setSmsApiId(event.currentTarget.value)}
        />
        <TextInput
          type="password"
          label="Токен бота Telegram"
          description={
            channels.telegram.configured ? 'Сохранён. Введите новый, чтобы заменить' : 'Выдаёт @BotFather'
          }
          autoComplete="off"
          value={telegramToken}
          onChange={(event) => setTelegramToken(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          {channels.sms.configured && (
            <Button variant="subtle" color="red" size="xs" onClick={() => forget('sms')}>
              Удалить ключ SMS.ru
            </Button>
          )}
          {channels.telegram.configured && (
            <Button variant="subtle" color="red" size="xs" onClick={() => forget('telegram')}>
              Удалить токен бота
            </Button>
          )}
        </Group>
        <Button
          onClick={submit}
          loading={save.isPending}
          disabled={!smsApiId.trim() && !telegramToken.trim()}
        >
          Сохранить ключи
        </Button>
      </Group>
      <Text size="sm">
        SMS сегодня: {smsCount.today} (частей: {smsCount.todayParts}) · за месяц: {smsCount.month} (частей:{' '}
        {smsCount.monthParts})
      </Text>
      <TestForm state={state} />
    </Stack>
  );
}

function ChannelBadge({ label, ready }: { label: string; ready: boolean }) {
  return (
    <Badge variant="light" color={ready ? 'green' : 'gray'}>
      {label}: {ready ? 'настроен' : 'не настроен'}
    </Badge>
  );
}

function TestForm({ state }: { state: NoticesState }) {
  const test = useTestNotice();
  const ready = (['sms', 'telegram', 'email'] as const).filter((channel) =>
    channel === 'sms'
      ? state.channels.sms.configured
      : channel === 'telegram'
        ? state.channels.telegram.configured
        : state.channels.email.configured,
  );
  const [channel, setChannel] = useState<NoticeChannel | null>(null);
  const [to, setTo] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const chosen = channel ?? ready[0] ?? null;
  if (!chosen) return null;
  const run = () =>
    test.mutate(
      { channel: chosen, to },
      {
        onSuccess: (answer) =>
          setResult(answer.ok ? { ok: true, text: answer.detail } : { ok: false, text: answer.reason }),
        onError: (error) => setResult({ ok: false, text: errorMessage(error) }),
      },
    );
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Проверить канал"
          data={ready.map((value) => ({ value, label: NOTICE_CHANNEL_LABELS[value] }))}
          value={chosen}
          onChange={(value) => {
            setChannel(value as NoticeChannel | null);
            setResult(null);
          }}
          allowDeselect={false}
          w={160}
        />
        {chosen !== 'telegram' && (
          <TextInput
            label={chosen === 'sms' ? 'Номер телефона' : 'E-mail'}
            inputMode={chosen === 'sms' ? 'tel' : 'email'}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            w={220}
          />
        )}
        <Button variant="default" onClick={run} loading={test.isPending}>
          Отправить тест
        </Button>
      </Group>
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} variant="light">
          {result.text}
        </Alert>
      )}
    </Stack>
  );
}

type RuleValues = NoticeSettings;

function RulesForm({ state }: { state: NoticesState }) {
  const save = useSaveNotices();
  const { version } = state.settings;
  const stored: RuleValues = {
    accepted: state.settings.accepted,
    estimate: state.settings.estimate,
    ready: state.settings.ready,
    payment: state.settings.payment,
    not_picked_up: state.settings.not_picked_up,
    notPickedUpDays: state.settings.notPickedUpDays,
    quietFrom: state.settings.quietFrom,
    quietTo: state.settings.quietTo,
    smsDailyCap: state.settings.smsDailyCap,
    smsSender: state.settings.smsSender,
  };
  const [edited, setEdited] = useState<Partial<RuleValues>>({});
  const [stale, setStale] = useState(false);
  const values: RuleValues = { ...stored, ...edited };
  const set = <Key extends keyof RuleValues>(key: Key, value: RuleValues[Key]) =>
    setEdited((current) => ({ ...current, [key]: value }));
  const parsed = noticeSettingsInput.safeParse({ ...values, version });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const submit = () => {
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        setEdited({});
        setStale(false);
        toast.success('Правила сохранены');
      },
      onError: (error) => setStale(error instanceof ApiError && error.status === 409),
    });
  };
  return (
    <Stack gap="sm">
      <Title order={4}>Когда писать</Title>
      <ErrorBox
        message={
          stale
            ? 'Правила уже изменил другой сотрудник: проверьте и сохраните ещё раз.'
            : save.isError
              ? errorMessage(save.error)
              : null
        }
      />
      {NOTICE_EVENTS.map((event) => (
        <Select
          key={event}
          label={
            event === 'not_picked_up'
              ? `${NOTICE_EVENT_LABELS[event]} ${values.notPickedUpDays} дн. после готовности`
              : NOTICE_EVENT_LABELS[event]
          }
          data={RULE_CHOICES.map((choice) => ({ value: choice, label: RULE_CHOICE_LABELS[choice] }))}
          value={values[event]}
          onChange={(value) => value && set(event, value as RuleChoice)}
          allowDeselect={false}
        />
      ))}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <TextInput
          label="Напомнить через, дн."
          inputMode="numeric"
          value={values.notPickedUpDays}
          onChange={(event) => set('notPickedUpDays', event.currentTarget.value.trim())}
        />
        <TextInput
          label="Тихие часы с"
          placeholder="21:00"
          value={values.quietFrom}
          onChange={(event) => set('quietFrom', event.currentTarget.value.trim())}
        />
        <TextInput
          label="до"
          placeholder="09:00"
          value={values.quietTo}
          onChange={(event) => set('quietTo', event.currentTarget.value.trim())}
        />
        <TextInput
          label="SMS в день, не больше"
          inputMode="numeric"
          value={values.smsDailyCap}
          onChange={(event) => set('smsDailyCap', event.currentTarget.value.trim())}
        />
      </SimpleGrid>
      <TextInput
        label="Имя отправителя SMS"
        description="Согласованное с SMS.ru; пусто — по умолчанию SMS.ru"
        value={values.smsSender}
        onChange={(event) => set('smsSender', event.currentTarget.value)}
        maw={260}
      />
      <Text size="xs" c="dimmed">
        В тихие часы сообщения ждут утра (время сервиса из «Сроков»). Когда дневной лимит SMS исчерпан,
        остальные уходят на следующий день.
      </Text>
      {problem && Object.keys(edited).length > 0 && (
        <Text size="sm" c="red">
          {problem}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          onClick={submit}
          loading={save.isPending}
          disabled={!parsed.success || Object.keys(edited).length === 0}
        >
          Сохранить правила
        </Button>
      </Group>
    </Stack>
  );
}
