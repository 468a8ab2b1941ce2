import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { PartDto } from '../../../../domain/stock';
import { usePartSearch } from '../api/stock-api';

/**
 * How a part reads in a picker: «Экран iPhone 11 · SCR-11 · 4601234567893 · свободно 3 шт». The
 * barcode makes it one of a kind: the box tells options apart by their text.
 */
export function partOption(part: PartDto): string {
  return [part.name, part.article, part.barcode ?? `№ ${part.id}`, `свободно ${part.available} ${part.unit}`]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Finds a part of the catalogue by any fragment (name, article, barcode, model) as it is typed,
 * and hands the one picked to `onPick`. The list comes from the server, a few at a time.
 */
export function PartPicker({
  label,
  description,
  onPick,
  autoFocus = false,
}: {
  label: string;
  description?: string;
  onPick: (part: PartDto) => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 200);
  const found = usePartSearch(q);
  const parts = q.length >= 2 ? (found.data ?? []) : [];
  const labels = [...new Set(parts.map(partOption))];
  return (
    <Autocomplete
      label={label}
      description={description}
      placeholder="Название, артикул, штрихкод или модель"
      value={text}
      data-autofocus={autoFocus || undefined}
      // Picking an option would put its long label into the box: the box is for the next search.
      onChange={(value) => setText(labels.includes(value) ? '' : value)}
      data={labels}
      // The server has already chosen what matches; the box shows all of it.
      filter={({ options: all }) => all}
      rightSection={found.isFetching ? <Loader size="xs" /> : null}
      onOptionSubmit={(picked) => {
        const part = parts.find((candidate) => partOption(candidate) === picked);
        if (!part) return;
        onPick(part);
        setText('');
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
