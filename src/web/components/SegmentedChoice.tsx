import { useId } from 'react';
import './segmented-choice.css';

export interface SegmentedOption<Value extends string> {
  value: Value;
  label: string;
}

/**
 * One of a few choices side by side, as the browser's own radio buttons under a look like
 * Mantine's SegmentedControl. Mantine's measures its sliding indicator with a forced layout
 * when it mounts and whenever anything resizes; on the worklist's cold start that was a
 * tenth of the page's script time (issue 22, docs/benchmarks.md «Cold start»). Here the
 * chosen segment is plain CSS: nothing is measured, arrows and Space work as in any radio
 * group, and a screen reader hears «Тип, группа переключателей».
 */
export function SegmentedChoice<Value extends string>({
  label,
  value,
  options,
  onChange,
  size = 'sm',
  fullWidth = false,
}: {
  label: string;
  value: Value;
  options: readonly SegmentedOption<Value>[];
  onChange: (value: Value) => void;
  size?: 'xs' | 'sm';
  fullWidth?: boolean;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="segmented-choice"
      data-size={size}
      data-full-width={fullWidth || undefined}
    >
      {options.map((option) => (
        <div key={option.value} className="segmented-choice-item">
          <input
            type="radio"
            id={`${name}-${option.value}`}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${name}-${option.value}`}>{option.label}</label>
        </div>
      ))}
    </div>
  );
}
