import { formatPhone } from '../../../../domain/phone';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useClientById, useClientSearch } from '../api/client-lookup';

/** A searchable client list; the server does the searching (name or phone, like the directory). */
export function ClientPicker({
  value,
  onChange,
  error,
  required = false,
  clearable = true,
  label = 'Клиент',
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  required?: boolean;
  /** False where a client must stay chosen (a ticket's). */
  clearable?: boolean;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useClientSearch(q);
  const chosen = useClientById(value);
  const options = (found.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.phone ? `${c.fullName} · ${formatPhone(c.phone)}` : c.fullName,
  }));
  // Keep the chosen client in the list even when the current search does not find it.
  if (chosen.data && !options.some((o) => o.value === String(chosen.data.id))) {
    const c = chosen.data;
    options.unshift({
      value: String(c.id),
      label: c.phone ? `${c.fullName} · ${formatPhone(c.phone)}` : c.fullName,
    });
  }
  return (
    <Select
      label={label}
      placeholder="Начните вводить ФИО или телефон"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={found.isFetching ? 'Поиск…' : 'Нет клиентов'}
      error={error}
      required={required}
      clearable={clearable}
      allowDeselect={clearable}
    />
  );
}
