/** Small labelled controls shared by the property panels. */
import { type ReactNode, useId } from 'react';
import { Select } from '../../shell/Select';

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="qe-field-row">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          className="qe-input"
          type="number"
          min={min}
          max={max}
          step={step}
          value={value ?? ''}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(n))
              onChange(min !== undefined || max !== undefined ? Math.min(max ?? n, Math.max(min ?? n, n)) : n);
          }}
        />
      )}
    </Field>
  );
}

export function TextField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          className="qe-input"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <Select
          size="small"
          id={id}
          className="qe-select"
          value={String(value)}
          onChange={(e) => {
            const found = options.find(([v]) => String(v) === e.target.value);
            if (found) onChange(found[0]);
          }}
        >
          {options.map(([v, text]) => (
            <option key={String(v)} value={String(v)}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function ColorField({
  label,
  value,
  onChange,
  clearLabel,
}: {
  label: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  clearLabel?: string;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <span className="qe-color-field">
          <input
            id={id}
            type="color"
            className="qe-swatch"
            value={value ?? '#ffffff'}
            onChange={(e) => onChange(e.target.value)}
          />
          <code>{value ?? '—'}</code>
          {clearLabel && value !== undefined && (
            <button type="button" className="qe-btn qe-btn-small qe-btn-quiet" onClick={() => onChange(undefined)}>
              {clearLabel}
            </button>
          )}
        </span>
      )}
    </Field>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="qe-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="qe-section">
      <h3 className="qe-section-title">{title}</h3>
      {children}
    </section>
  );
}

/** Border widths offered for tables and rules: 0.6 to 10 pt. */
export const BORDER_WIDTHS = [0.6, 0.75, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] as const;
export const SPACING_MAX = 12;
