import { Group, Radio, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { shownTypes, ticketTypesQuery } from '../../settings/public';
import { useNavigate, useSearchParams } from 'react-router';
import { CLIENT_LIMITS } from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { TEXT_LIMIT, ticketCreateInput } from '../../../../domain/ticket-schemas';
import { INTAKE_LABELS, INTAKES, isIntake, type Intake } from '../../../../domain/ticket-status';
import { ClientPicker, SamePhoneHint } from '../../clients/public';
import { DateField } from '../../../components/editing/DateField';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import {
  assigneeOptions,
  NewAssigneeNote,
  UNASSIGNED,
  useDefaultAssignees,
  useUserOptions,
} from '../../employees/public';
import { useCreateTicket } from '../api/tickets-api';
import { DeviceFields } from './DeviceFields';
import { PreviousVisits } from './PreviousVisits';
import {
  EMPTY_DEVICE,
  pickDevice,
  type DeviceFieldKey,
  type DeviceValues,
} from '../../../../domain/device-fields';
import { CreateForm } from '../../../components/CreateForm';

type ClientMode = 'existing' | 'new';

interface TicketFormValues extends Record<string, unknown>, DeviceValues {
  title: string;
  intake: Intake;
  mode: ClientMode;
  clientId: number | null;
  fullName: string;
  phone: string;
  /** «Это другой человек»: a new client although the phone is another's (issue 49). */
  despiteSamePhone: boolean;
  description: string;
  dueDate: string;
  /** Null until the user picks someone. */
  assignee: string | null;
}

export function TicketNewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const users = useUserOptions();
  const defaults = useDefaultAssignees();
  const presetClient = Number(params.get('clientId'));
  const presetTitle = params.get('title');
  const types = useQuery(ticketTypesQuery);
  const typeNamed = (name: string) => types.data?.find((type) => type.name === name);

  // The assignee is null until the user picks: then the type's default applies, else the admin's.
  const assigneeOf = (values: TicketFormValues) => {
    const fallback = typeNamed(values.title)?.defaultAssigneeId ?? defaults.data?.ticketAssigneeId;
    return values.assignee ?? (fallback ? String(fallback) : UNASSIGNED);
  };

  const initialValues: TicketFormValues = {
    title: presetTitle ?? '',
    intake: 'pvz',
    mode: presetClient > 0 ? 'existing' : 'new',
    clientId: presetClient > 0 ? presetClient : null,
    fullName: '',
    phone: '',
    despiteSamePhone: false,
    description: '',
    dueDate: '',
    assignee: null,
    ...EMPTY_DEVICE,
  };
  const { form, onSubmit } = useSchemaForm({
    schema: ticketCreateInput,
    initialValues,
    toPayload: (values) => {
      const assignee = assigneeOf(values);
      return {
        title: values.title || undefined,
        intake: values.intake,
        client:
          values.mode === 'existing'
            ? { mode: values.mode, clientId: values.clientId ?? undefined }
            : {
                mode: values.mode,
                fullName: values.fullName,
                phone: values.phone,
                despiteSamePhone: values.despiteSamePhone,
              },
        description: values.description,
        dueDate: values.dueDate,
        assigneeId: assignee === UNASSIGNED ? null : Number(assignee),
        ...pickDevice(values),
      };
    },
  });
  const values = form.getValues();
  const errors = form.errors as Partial<
    Record<'title' | 'client' | 'description' | 'dueDate' | 'assigneeId' | DeviceFieldKey, string>
  >;

  // A preset type (a link's `?title=`) counts once the shop's types are here: only a shown one,
  // with its usual route, as if it had been picked.
  const presetApplied = useRef(!presetTitle);
  /** «Как принят» picked by hand: a type chosen afterwards leaves it alone. */
  const intakeChosen = useRef(false);
  useEffect(() => {
    if (presetApplied.current || !types.data) return;
    presetApplied.current = true;
    const preset = types.data.find((type) => type.name === presetTitle && !type.hidden);
    form.setFieldValue('title', preset ? preset.name : '');
    if (preset && !intakeChosen.current) form.setFieldValue('intake', preset.intake);
  }, [types.data, presetTitle, form]);

  const submit = onSubmit((data) =>
    create.mutate(data, { onSuccess: ({ ticket }) => navigate(paths.ticket(ticket.id), { replace: true }) }),
  );

  const clientError = errors.client;

  return (
    <Stack maw={640}>
      <Title order={2}>Новая заявка</Title>
      <CreateForm
        onSubmit={submit}
        sending={create.isPending || create.isSuccess}
        submitLabel="Создать заявку"
        cancelTo={paths.tickets}
      >
        <ErrorBox message={create.isError ? errorMessage(create.error) : null} />
        <Radio.Group
          label="Тип заявки"
          value={values.title}
          onChange={(title) => {
            form.setFieldValue('title', title);
            // Each type has its usual route (issue 49), unless the person already chose one.
            const intake = typeNamed(title)?.intake;
            if (intake && !intakeChosen.current) form.setFieldValue('intake', intake);
          }}
          error={errors.title}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {types.isPending && (
              <Text size="sm" c="dimmed">
                Загрузка типов…
              </Text>
            )}
            {shownTypes(types.data).map((type) => (
              <Radio key={type} value={type} label={type} />
            ))}
          </Stack>
        </Radio.Group>

        <Radio.Group
          label="Как принят"
          value={values.intake}
          onChange={(intake) => {
            intakeChosen.current = true;
            form.setFieldValue('intake', isIntake(intake) ? intake : 'pvz');
          }}
          description={
            values.intake === 'walk_in' ? 'Без шагов доставки: из ремонта сразу к выдаче' : undefined
          }
        >
          <Group gap="lg" mt="xs">
            {INTAKES.map((intake) => (
              <Radio key={intake} value={intake} label={INTAKE_LABELS[intake]} />
            ))}
          </Group>
        </Radio.Group>

        <SegmentedChoice
          label="Клиент"
          value={values.mode}
          onChange={(value) => form.setFieldValue('mode', value)}
          options={[
            { value: 'new' as const, label: 'Новый клиент' },
            { value: 'existing' as const, label: 'Из справочника' },
          ]}
          fullWidth
        />
        {values.mode === 'existing' ? (
          <ClientPicker
            value={values.clientId}
            onChange={(id) => form.setFieldValue('clientId', id)}
            error={clientError}
            required
          />
        ) : (
          <>
            <TextInput
              label="ФИО клиента"
              required
              maxLength={CLIENT_LIMITS.fullName}
              {...form.getInputProps('fullName')}
              error={clientError}
            />
            <TextInput
              label="Телефон клиента"
              type="tel"
              maxLength={CLIENT_LIMITS.phone}
              {...form.getInputProps('phone')}
            />
            <SamePhoneHint
              phone={values.phone}
              onPick={(client) => {
                form.setFieldValue('clientId', client.id);
                form.setFieldValue('mode', 'existing');
              }}
              despite={values.despiteSamePhone}
              onDespite={(despite) => form.setFieldValue('despiteSamePhone', despite)}
            />
          </>
        )}

        <DeviceFields
          form={{
            values: pickDevice(values),
            errors,
            set: (field, value) => form.setFieldValue(field, value),
            below: (field) =>
              field === 'serialNumber' ? <PreviousVisits serial={values.serialNumber} /> : null,
          }}
        />

        <Textarea
          label="Описание"
          autosize
          minRows={3}
          maxLength={TEXT_LIMIT}
          {...form.getInputProps('description')}
          error={errors.description}
        />
        <Group grow wrap="wrap" align="flex-start">
          <DateField
            label="Срок"
            value={values.dueDate}
            onCommit={(dueDate) => form.setFieldValue('dueDate', dueDate)}
            error={errors.dueDate}
            warnPast
          />
          <Select
            label="Исполнитель"
            description={<NewAssigneeNote chosen={assigneeOf(values)} isDefault={values.assignee === null} />}
            data={assigneeOptions(users.data)}
            value={assigneeOf(values)}
            onChange={(value) => form.setFieldValue('assignee', value ?? UNASSIGNED)}
            allowDeselect={false}
            error={errors.assigneeId}
            miw={200}
          />
        </Group>
      </CreateForm>
    </Stack>
  );
}
