import { NumberInput, TextInput } from '@mantine/core';

/** An amount typed in rubles («1 500», «1 500,50»), read by parseRubles on submit. */
export function RublesInput({
  label,
  value,
  onChange,
  required = false,
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      label={label}
      required={required}
      inputMode="decimal"
      value={value}
      data-autofocus={autoFocus || undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** A line's or a service's own warranty in days; empty: the ticket's. */
export function WarrantyDaysInput({
  value,
  onChange,
}: {
  value: number | string;
  onChange: (value: number | string) => void;
}) {
  return (
    <NumberInput
      label="Гарантия, дней"
      description="Пусто — как у заявки"
      min={0}
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={onChange}
    />
  );
}

/** What a warranty field holds, for the schemas: null when empty, NaN when not a number. */
export function warrantyValue(value: number | string): number | null {
  return value === '' ? null : typeof value === 'number' ? value : Number.NaN;
}
