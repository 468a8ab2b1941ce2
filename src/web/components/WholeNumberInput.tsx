import { TextInput } from '@mantine/core';

/**
 * A count typed as it is («3»), kept as text: «1,5», «-3» or «0» are not quietly turned into
 * another number on the way (a count of 15 instead of 1,5 goes unnoticed), the schemas refuse
 * them with a message instead.
 */
export function WholeNumberInput({
  label,
  value,
  onChange,
  width,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
  required?: boolean;
}) {
  return (
    <TextInput
      label={label}
      required={required}
      inputMode="numeric"
      w={width}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The count typed, or NaN when it is not a whole number (the schema's message follows). */
export function wholeNumber(text: string): number {
  const plain = text.replace(/\s/g, '');
  return /^\d{1,9}$/.test(plain) ? Number(plain) : Number.NaN;
}
