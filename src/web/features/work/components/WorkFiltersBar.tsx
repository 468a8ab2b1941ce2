import { Badge, Button, Group, Loader, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { preloadable } from '../../../lib/preloadable';
import { useMe } from '../../../lib/session';
import { MineButton, WorkFilterControls, type WorkFilterProps } from './WorkFilterControls';
import { changedFilters } from './work-filter-memory';

const sheet = preloadable(() => import('./WorkFilterSheet').then((m) => m.WorkFilterSheet));

/**
 * The search and the filters above the worklist. A wide screen shows every filter; a phone
 * shows the search, «Мои» and one «Фильтры» button that opens the rest in a sheet, so the
 * first screen is the list itself (issue 48: four cards at 390 × 844, not one).
 */
export function WorkFiltersBar({ loading, ...filters }: WorkFilterProps & { loading: boolean }) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted from the first opening on, so closing it can hand the focus back to the button.
  const [sheetUsed, setSheetUsed] = useState(false);
  const me = useMe().data;
  const { values, onChange } = filters;
  const search = (
    <TextInput
      type="search"
      placeholder={wide ? 'Поиск: название, №, телефон' : 'Поиск'}
      aria-label="Поиск"
      value={values.text}
      onChange={(e) => onChange({ text: e.currentTarget.value })}
      rightSection={loading ? <Loader size="xs" /> : null}
      style={wide ? undefined : { flex: 1, minWidth: 0 }}
    />
  );
  if (wide) {
    return (
      <>
        {search}
        <WorkFilterControls {...filters} />
      </>
    );
  }
  const changed = changedFilters(values, me ? String(me.id) : null);
  return (
    <Group gap="xs" wrap="nowrap">
      {search}
      <MineButton values={values} onChange={onChange} />
      <Button
        variant={changed > 0 ? 'light' : 'default'}
        aria-label={changed > 0 ? `Фильтры: ${changed}` : 'Фильтры'}
        aria-haspopup="dialog"
        onClick={() => {
          setSheetUsed(true);
          setSheetOpen(true);
        }}
        onPointerEnter={() => void sheet.load()}
        rightSection={
          changed > 0 ? (
            <Badge size="sm" circle>
              {changed}
            </Badge>
          ) : null
        }
      >
        Фильтры
      </Button>
      {sheetUsed && (
        <Suspense fallback={null}>
          <sheet.Component {...filters} opened={sheetOpen} onClose={() => setSheetOpen(false)} />
        </Suspense>
      )}
    </Group>
  );
}
