import { CloseButton, Group, Pill } from '@mantine/core';
import { weekLabel } from '../../../../domain/dashboard';
import { channelLabel, isTicketChannel } from '../../../../domain/ticket-channels';
import { isTicketStatus, TICKET_STATUS_LABELS } from '../../../../domain/ticket-status';
import type { WorkFilterValues } from './work-filter-memory';

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
    // «Клиент принёс сам» and «Служба не выбрана» say it whole; a service gets its name.
    const label =
      provider === 'walk_in' || provider === 'none'
        ? channelLabel(provider)
        : `Служба: ${isTicketChannel(provider) ? channelLabel(provider) : provider}`;
    chips.push({ key: 'provider', label, clear: { provider: '' } });
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
              className="tap-target"
              aria-label={`Убрать фильтр «${chip.label}»`}
              onClick={() => onChange(chip.clear)}
            />
          </Group>
        </Pill>
      ))}
    </Group>
  );
}
