import '@mantine/core/styles/Drawer.layer.css';
import { Button, Drawer, Group } from '@mantine/core';
import { WorkFilterControls, type WorkFilterProps } from './WorkFilterControls';
import { NO_KEPT_FILTERS } from './work-filter-memory';

/**
 * The phone's filters: a sheet from the bottom edge, within thumb reach, over the list it
 * changes. Each choice applies at once (the list behind updates); «Показать» only closes.
 * Loaded when first opened (WorkFiltersBar): the worklist's first screen needs none of a
 * dialog's code.
 */
export function WorkFilterSheet({
  opened,
  onClose,
  ...filters
}: WorkFilterProps & { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      radius="md"
      // As tall as its content (Mantine's sizes are fixed heights for a bottom drawer).
      styles={{ content: { height: 'auto', maxHeight: '90dvh' } }}
      title="Фильтры"
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      <WorkFilterControls {...filters} stacked />
      <Group grow gap="sm" mt="lg">
        <Button variant="default" onClick={() => filters.onChange({ ...NO_KEPT_FILTERS })}>
          Сбросить
        </Button>
        <Button onClick={onClose}>Показать</Button>
      </Group>
    </Drawer>
  );
}
