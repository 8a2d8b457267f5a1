import type { CellValue, RecordRow, Storage, TableField } from '../../../storage';
import { pickerKind } from './cells';
import { OptionPicker } from './OptionPicker';
import { RecordPicker } from './RecordPicker';
import { UserPicker } from './UserPicker';

/** The picker the grid opened on a cell: where, and the character typed to open it. */
export interface OpenPicker {
  id: string;
  fieldId: string;
  anchor: HTMLElement;
  /** The character typed on the cell that opened the picker: its first search. */
  query?: string;
}

/**
 * The open cell's picker, by the field's kind: linked records, options, or people. Option and
 * people pickers start from the value the grid shows (an unsaved one when storage refused it).
 */
export function GridPicker(props: {
  storage: Storage;
  baseId: string;
  picker: OpenPicker;
  record: RecordRow;
  field: TableField;
  /** The cells shown with a value storage does not hold yet, by `recordId:fieldId`. */
  unsaved: ReadonlyMap<string, CellValue | undefined>;
  save: (id: string, field: TableField, value: CellValue | undefined, since?: number) => Promise<RecordRow | undefined>;
  onClose: () => void;
  onConflict: () => void;
}) {
  const { picker, record, field } = props;
  const key = `${picker.id}:${picker.fieldId}`;
  const value = props.unsaved.has(key) ? props.unsaved.get(key) : record.values[field.id];
  const onChange = (next: CellValue | undefined, since: number) => props.save(picker.id, field, next, since);
  switch (pickerKind(field)) {
    case 'link':
      return (
        <RecordPicker
          key={key}
          storage={props.storage}
          record={record}
          field={field}
          anchor={picker.anchor}
          initialQuery={picker.query}
          onClose={props.onClose}
          onConflict={props.onConflict}
        />
      );
    case 'options':
      return (
        <OptionPicker
          key={key}
          field={field}
          value={value}
          since={record.updatedAt}
          anchor={picker.anchor}
          initialQuery={picker.query}
          onChange={onChange}
          onClose={props.onClose}
        />
      );
    case 'user':
      return (
        <UserPicker
          key={key}
          storage={props.storage}
          baseId={props.baseId}
          field={field}
          value={value}
          since={record.updatedAt}
          anchor={picker.anchor}
          initialQuery={picker.query}
          onChange={onChange}
          onClose={props.onClose}
        />
      );
    default:
      return null;
  }
}
