import { Textarea } from '@mantine/core';
import { useState } from 'react';

/**
 * A text that saves when the field loses focus (spec §9). While it is being edited,
 * a newer value from the server does not replace what the user is typing.
 */
export function BlurSaveTextarea({
  label,
  value,
  maxLength,
  onSave,
}: {
  label: string;
  value: string;
  maxLength: number;
  onSave: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  const [seen, setSeen] = useState(value);
  if (!editing && value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  return (
    <Textarea
      label={label}
      autosize
      minRows={2}
      maxLength={maxLength}
      value={draft}
      onFocus={() => setEditing(true)}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={() => {
        setEditing(false);
        setSeen(value);
        if (draft.trim() !== value.trim()) onSave(draft);
      }}
    />
  );
}
