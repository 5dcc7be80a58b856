import type { ReactNode } from 'react';
import { Field, Select } from './field';

/** A labelled `<select>`: the label and the control share `id`; `onChange` gets the picked value. */
export function SelectField({
  id,
  label,
  error,
  value,
  onChange,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </Select>
    </Field>
  );
}
