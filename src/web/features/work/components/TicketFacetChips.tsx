import { CloseButton, Group, Pill } from '@mantine/core';
import { channelLabel, TICKET_CHANNELS, weekLabel } from '../../../../domain/dashboard';
import { isTicketStatus, TICKET_STATUS_LABELS } from '../../../../domain/ticket-status';
import type { TicketChannel } from '../../../../domain/worklist-query';
import type { WorkFilterValues } from './WorkFiltersBar';

/**
 * The filters a dashboard link brings (a ticket status, a way in) that the filter bar has no
 * control for: shown as chips, each with a cross that drops it, so the list never looks
 * mysteriously short.
 */
export function TicketFacetChips({
  facets: { status, provider, receivedWeek, closedWeek },
  onChange,
}: {
  facets: Pick<WorkFilterValues, 'status' | 'provider' | 'receivedWeek' | 'closedWeek'>;
  onChange: (changes: Partial<WorkFilterValues>) => void;
}) {
  const chips: { key: string; label: string; clear: Partial<WorkFilterValues> }[] = [];
  if (status) {
    const name = isTicketStatus(status) ? TICKET_STATUS_LABELS[status] : status;
    chips.push({ key: 'status', label: `Статус: ${name}`, clear: { status: '' } });
  }
  if (provider) {
    const known = (TICKET_CHANNELS as readonly string[]).includes(provider);
    const name = known ? channelLabel(provider as TicketChannel) : provider;
    chips.push({ key: 'provider', label: `Служба: ${name}`, clear: { provider: '' } });
  }
  if (receivedWeek) {
    const label = `Приняты за неделю с ${weekLabel(receivedWeek)}`;
    chips.push({ key: 'receivedWeek', label, clear: { receivedWeek: '' } });
  }
  if (closedWeek) {
    const label = `Закрыты за неделю с ${weekLabel(closedWeek)}`;
    chips.push({ key: 'closedWeek', label, clear: { closedWeek: '' } });
  }
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" data-testid="facet-chips">
      {chips.map((chip) => (
        <Pill key={chip.key} size="lg">
          <Group gap={4} wrap="nowrap">
            {chip.label}
            <CloseButton
              size="sm"
              aria-label={`Убрать фильтр «${chip.label}»`}
              onClick={() => onChange(chip.clear)}
            />
          </Group>
        </Pill>
      ))}
    </Group>
  );
}
