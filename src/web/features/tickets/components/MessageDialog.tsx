import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { smsLink, whatsappMessageLink, type MessageChannel } from '../../../../domain/client-message';
import {
  DEFAULT_TEMPLATES,
  estimateTemplate,
  fillTemplate,
  generalTemplate,
  TEMPLATE_LIMIT,
  templateFor,
  type MessageTemplates,
} from '../../../../domain/message-templates';
import { messageValues } from '../../../../domain/message-values';
import { isOpenableOutside } from '../../../../domain/public-address';
import { dialNumber, whatsappNumber } from '../../../../domain/phone';
import { PhoneLink } from '../../../components/PhoneLink';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { ticketStatusLabel } from '../../../../domain/ticket-status';
import { errorMessage } from '../../../lib/api';
import { publicConfigQuery } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTicketMoney } from '../../money/public';
import { messageTemplatesQuery, shopProfileQuery } from '../../settings/public';
import { useRecordMessage } from '../api/tickets-api';
import { NoClientLinkNote } from './NoClientLinkNote';

/**
 * Where a client opens the status page: the shop's public address, else this page's own when a
 * client could open it too; null when only the shop's network could (issue 48: no dead links).
 */
export function statusLinkOf(ticket: TicketDetailDto, publicUrl: string | null | undefined): string | null {
  if (publicUrl) return `${publicUrl}${ticket.statusPath}`;
  const here = window.location.origin;
  return isOpenableOutside(here) ? `${here}${ticket.statusPath}` : null;
}

export type MessageTemplateChoice = 'status' | 'general' | 'estimate';

/**
 * «Написать клиенту» (issue 19): the template for the ticket's status (or the general one),
 * filled in and editable, then opened in WhatsApp or the phone's SMS app; the history notes it.
 */
export function MessageDialog({
  ticket,
  opened,
  onClose,
}: {
  ticket: TicketDetailDto;
  /** Which template the message starts from; null: closed. */
  opened: MessageTemplateChoice | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened !== null} onClose={onClose} title="Сообщение клиенту" size="lg">
      {opened !== null && <MessageForm ticket={ticket} start={opened} onDone={onClose} />}
    </Modal>
  );
}

function templateOf(source: MessageTemplates, choice: MessageTemplateChoice, status: string): string {
  if (choice === 'general') return generalTemplate(source);
  if (choice === 'estimate') return estimateTemplate(source);
  return templateFor(source, status);
}

function MessageForm({
  ticket,
  start,
  onDone,
}: {
  ticket: TicketDetailDto;
  start: MessageTemplateChoice;
  onDone: () => void;
}) {
  const templates = useQuery(messageTemplatesQuery);
  const shop = useQuery(shopProfileQuery);
  const config = useQuery(publicConfigQuery);
  const money = useTicketMoney(ticket.id);
  const record = useRecordMessage(ticket.id);
  const [choice, setChoice] = useState<MessageTemplateChoice>(start);
  const [edited, setEdited] = useState<string | null>(null);

  const link = statusLinkOf(ticket, config.data?.publicUrl);
  const estimate = money.data?.estimate ?? null;
  const values = messageValues(
    ticket,
    { name: shop.data?.profile.name ?? '', phone: shop.data?.profile.phone ?? '' },
    link ?? '',
    // A payer's repair: the client owes nothing ({к_оплате} stays empty, as on the status page).
    { estimateTotal: estimate?.total ?? null, due: money.data?.payer ? 0 : (money.data?.due ?? 0) },
  );
  const source = templates.data ?? DEFAULT_TEMPLATES;
  const template = templateOf(source, choice, ticket.status);
  const text = edited ?? fillTemplate(template, values);
  const number = whatsappNumber(ticket.clientPhone);
  const dial = dialNumber(ticket.clientPhone);
  const loading = templates.isPending || shop.isPending || money.isPending;
  // Nothing to send until the templates are here and there is a number and a text.
  const ready = Boolean(number && dial) && !loading && text.trim() !== '';

  const sent = (channel: MessageChannel) =>
    record.mutate(channel, {
      onSuccess: () => {
        toast.success('Отмечено в истории заявки');
        onDone();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Stack>
      <Text size="sm">
        Кому: {ticket.clientName}
        {number && (
          <>
            , <PhoneLink phone={ticket.clientPhone} size="sm" />
          </>
        )}
      </Text>
      {!number && (
        <Alert color="yellow" variant="light">
          У клиента нет телефона: укажите его в карточке клиента.
        </Alert>
      )}
      <Select
        label="Шаблон"
        data={[
          { value: 'status', label: `Для статуса «${ticketStatusLabel(ticket.status, ticket.intake)}»` },
          { value: 'general', label: 'Общий' },
          ...(estimate ? [{ value: 'estimate', label: 'Смета' }] : []),
        ]}
        value={choice}
        onChange={(value) => {
          setChoice(value === 'general' || value === 'estimate' ? value : 'status');
          setEdited(null);
        }}
        allowDeselect={false}
      />
      <Textarea
        label="Текст сообщения"
        autosize
        minRows={4}
        maxLength={TEMPLATE_LIMIT * 2}
        value={loading && edited === null ? '' : text}
        placeholder={loading ? 'Загрузка...' : undefined}
        onChange={(event) => setEdited(event.currentTarget.value)}
      />
      {config.isSuccess && link === null && <NoClientLinkNote />}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          Отмена
        </Button>
        <SendLink href={ready ? smsLink(dial, text) : null} onSend={() => sent('sms')}>
          Открыть SMS
        </SendLink>
        <SendLink
          href={ready ? whatsappMessageLink(number, text) : null}
          onSend={() => sent('whatsapp')}
          whatsapp
        >
          Открыть WhatsApp
        </SendLink>
      </Group>
    </Stack>
  );
}

/**
 * «Открыть WhatsApp» / «Открыть SMS»: a link while there is something to send, else a disabled
 * button (a disabled link would still follow its address when tapped).
 */
function SendLink({
  href,
  onSend,
  whatsapp = false,
  children,
}: {
  href: string | null;
  onSend: () => void;
  whatsapp?: boolean;
  children: string;
}) {
  if (!href) {
    return (
      <Button disabled variant={whatsapp ? 'filled' : 'default'}>
        {children}
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={href}
      {...(whatsapp ? { target: '_blank', rel: 'noopener noreferrer', bg: '#1b5e2a', c: '#fff' } : {})}
      variant={whatsapp ? 'filled' : 'default'}
      onClick={onSend}
    >
      {children}
    </Button>
  );
}
