import type { ChangeEvent, Ref, SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** The option's own language (a language list shows each name in its language). */
  lang?: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & {
  /** The options; without them, `children` (<option>/<optgroup>) are rendered as given. */
  options?: readonly SelectOption[];
  /** Called with the chosen value (after `onChange`, which still receives the event). */
  onValueChange?: (value: string) => void;
  /** `small` for toolbars and cards; `cell` fills a grid cell (its in-place editor). */
  size?: 'small' | 'default' | 'cell';
  ref?: Ref<HTMLSelectElement>;
};

/**
 * The app's select. It stays a real <select> — keyboard, screen readers, touch pickers, form
 * autofill and tests (`selectOption`) behave as users expect — and wears the app's look: where the
 * browser supports it (`appearance: base-select`) the open list is styled too, so the list no longer
 * looks like a different program. Drop-in for <select>: rename the tag, keep the props.
 */
export function Select({
  options,
  onValueChange,
  onChange,
  size = 'default',
  className,
  children,
  ...rest
}: SelectProps) {
  const sized = size === 'default' ? '' : `q-select-${size}`;
  const classes = ['q-select', sized, className ?? ''].filter(Boolean).join(' ');
  return (
    <select
      {...rest}
      className={classes}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        onChange?.(event);
        onValueChange?.(event.target.value);
      }}
    >
      {options
        ? options.map((option) => (
            <option
              key={option.value}
              value={option.value}
              disabled={option.disabled}
              {...(option.lang ? { lang: option.lang } : {})}
            >
              {option.label}
            </option>
          ))
        : children}
    </select>
  );
}
