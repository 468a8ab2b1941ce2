import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  EMPTY_SHOP_PROFILE,
  SHOP_PROFILE_LABELS,
  SHOP_PROFILE_LIMITS,
  shopProfileInput,
  type ShopProfileDto,
  type ShopProfileField,
  type ShopProfileValues,
} from '../../../../domain/shop-profile';
import { ErrorBox } from '../../../components/ErrorBox';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingMessage } from '../../../components/LoadingMessage';
import { ListSkeleton } from '../../../components/Skeletons';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/schema-form';
import { useFollowSaved } from '../../../lib/follow-saved';
import { toast } from '../../../lib/toast';
import { useSaveShopProfile, useShopProfile } from '../api/shop-profile-api';
import { BackupsCard } from './BackupsCard';
import { LogoCard } from './LogoCard';
import { PublicAddressCard } from './PublicAddressCard';
import { TicketTypesCard } from './TicketTypesCard';
import { RepairStagesCard } from './RepairStagesCard';
import { PayersCard, ServicesCard } from '../../money/public';
import { NoticesCard } from './NoticesCard';
import { SheetImportCard } from './SheetImportCard';
import { TemplatesForm } from './TemplatesForm';
import { WorkRulesForm } from './WorkRulesForm';
import { useWorkRules } from '../api/work-rules-api';
import { useScrollToHash } from '../../../lib/scroll-to-hash';
import { useMessageTemplates } from '../api/message-templates-api';
import { useCan } from '../../../lib/session';

/**
 * «Настройки»: the shop's requisites printed on receipts and acts (issue 18), its directories and
 * rules, for whom «Настройки» is allowed; the backups, for whom «Резервные копии» is
 * (issue 52).
 */
export function SettingsPage() {
  const canSet = useCan('settings');
  const canBackUp = useCan('backups');
  return (
    <Stack maw={760}>
      <Title order={2}>Настройки</Title>
      {canSet && <ShopSettings />}
      {canBackUp && <BackupsCard />}
    </Stack>
  );
}

function ShopSettings() {
  const profile = useShopProfile();
  const templates = useMessageTemplates();
  const rules = useWorkRules();
  useScrollToHash(profile.isSuccess);
  if (profile.isError) {
    return <LoadFailed message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />;
  }
  if (!profile.data) {
    return <LoadingMessage paused={profile.fetchStatus === 'paused'} skeleton={<ListSkeleton rows={3} />} />;
  }
  return (
    <>
      <RequisitesForm profile={profile.data.profile} />
      <LogoCard logoUrl={profile.data.logoUrl} />
      <PublicAddressCard />
      <TicketTypesCard />
      <RepairStagesCard />
      <ServicesCard />
      <PayersCard />
      {rules.data && <WorkRulesForm rules={rules.data} />}
      {templates.data && <TemplatesForm templates={templates.data} />}
      <NoticesCard />
      <SheetImportCard />
    </>
  );
}

function valuesOf(profile: ShopProfileDto): ShopProfileValues {
  const values = { ...EMPTY_SHOP_PROFILE };
  for (const key of Object.keys(EMPTY_SHOP_PROFILE) as ShopProfileField[]) values[key] = profile[key];
  return values;
}

function RequisitesForm({ profile }: { profile: ShopProfileDto }) {
  const save = useSaveShopProfile();
  // The version this form's values are based on; moved on when another admin's save is seen.
  const [baseVersion, setBaseVersion] = useState(profile.version);
  const [stale, setStale] = useState(false);
  const { form, onSubmit } = useSchemaForm({
    schema: shopProfileInput,
    initialValues: valuesOf(profile),
    toPayload: (values) => ({ ...values, version: baseVersion }),
  });
  useFollowSaved(form, { values: valuesOf(profile), version: profile.version }, setBaseVersion);

  const submit = onSubmit((data) =>
    save.mutate(data, {
      onSuccess: (saved) => {
        // What is on screen is now what is stored: the next save builds on this version.
        form.resetDirty();
        setBaseVersion(saved.profile.version);
        setStale(false);
        toast.success('Сохранено');
      },
      onError: (error) => {
        // Another admin saved first: what was typed here stays; the next save replaces theirs knowingly.
        const current =
          error instanceof ApiError ? (error.body as { profile?: ShopProfileDto })?.profile : undefined;
        if (current) {
          setBaseVersion(current.version);
          setStale(true);
        }
      },
    }),
  );

  const line = (
    key: ShopProfileField,
    props: { placeholder?: string; inputMode?: 'numeric' | 'tel' } = {},
  ) => (
    <TextInput label={SHOP_PROFILE_LABELS[key]} autoComplete="off" {...props} {...form.getInputProps(key)} />
  );

  return (
    <Paper component="form" onSubmit={submit} noValidate withBorder p="md" radius="md">
      <Stack>
        <Text size="sm" c="dimmed">
          Эти данные печатаются в приёмной квитанции и акте выдачи.
          {profile.updatedAt
            ? ` Изменено ${formatDateTime(profile.updatedAt)}${profile.updatedByName ? ` · ${profile.updatedByName}` : ''}.`
            : ''}
        </Text>
        <ErrorBox
          message={
            stale
              ? 'Реквизиты уже изменил другой сотрудник. Ваши поля остались как есть: проверьте их и сохраните ещё раз, чтобы записать свои.'
              : save.isError
                ? errorMessage(save.error)
                : null
          }
        />
        {line('name', { placeholder: 'Как вас знают клиенты' })}
        {line('legalName', { placeholder: 'ИП Иванов Иван Иванович' })}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {line('inn', { inputMode: 'numeric' })}
          {line('ogrn', { inputMode: 'numeric' })}
        </SimpleGrid>
        {line('address')}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {line('phone', { inputMode: 'tel' })}
          {line('hours', { placeholder: 'Пн–Пт 10:00–19:00' })}
        </SimpleGrid>
        <Textarea
          label={SHOP_PROFILE_LABELS.receiptTerms}
          description="Печатается под квитанцией: сроки хранения, диагностика, гарантия"
          autosize
          minRows={3}
          maxLength={SHOP_PROFILE_LIMITS.receiptTerms}
          {...form.getInputProps('receiptTerms')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
