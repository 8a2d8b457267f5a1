// biome-ignore-all lint/a11y/useSemanticElements: the header row of an ARIA grid of divs (see Grid.tsx)
// biome-ignore-all lint/a11y/useFocusableInteractive: header cells are reached through their buttons; the grid itself takes keyboard focus
import type { TFunction } from 'i18next';
import type { TableField } from '../../../storage';
import type { Column } from './GridRow';
import { cellStyle, isNumeric } from './layout';

/** The grid's header row: select-all, then one button per shown field opening its menu. */
export function GridHeader(props: {
  cols: Column[];
  checkWidth: number;
  totalWidth: number;
  allChecked: boolean;
  someChecked: boolean;
  onAllCheck: () => void;
  onFieldMenu: (field: TableField, anchor: HTMLElement) => void;
  /** Fields added while storage refused writes: their header says "Not saved". */
  unsavedFieldIds?: ReadonlySet<string>;
  t: TFunction<'workspace'>;
}) {
  const { cols, checkWidth, t } = props;
  return (
    <div className="ws-grid-head" role="row" aria-rowindex={1} style={{ width: props.totalWidth }}>
      <div className="ws-cell ws-check-cell head" role="columnheader" style={{ width: checkWidth }}>
        <input
          type="checkbox"
          aria-label={t('grid.selectAll')}
          checked={props.allChecked}
          ref={(el) => {
            if (el) el.indeterminate = props.someChecked;
          }}
          onChange={props.onAllCheck}
        />
      </div>
      {cols.map((col) => {
        const field = col.field;
        const notSaved = props.unsavedFieldIds?.has(field.id) ?? false;
        return (
          <div
            key={field.id}
            className={`ws-cell head${field.isPrimary ? ' primary frozen' : ''}${isNumeric(field) ? ' num' : ''}${notSaved ? ' unsaved' : ''}`}
            role="columnheader"
            aria-colindex={col.index + 2}
            style={cellStyle(col, checkWidth)}
          >
            <button
              type="button"
              className="ws-head-button"
              title={field.name}
              onClick={(event) => props.onFieldMenu(field, event.currentTarget)}
            >
              <span className="ws-type-icon" aria-hidden="true">
                {TYPE_GLYPH[field.type] ?? '•'}
              </span>
              <span className="ws-head-name">{field.name}</span>
              {notSaved && <span className="ws-head-unsaved">{t('grid.saveFailed')}</span>}
            </button>
          </div>
        );
      })}
    </div>
  );
}

const TYPE_GLYPH: Partial<Record<TableField['type'], string>> = {
  text: 'A',
  number: '#',
  currency: '$',
  progress: '%',
  rating: '★',
  singleSelect: '◉',
  multiSelect: '☰',
  dateTime: '◷',
  createdTime: '◷',
  modifiedTime: '◷',
  checkbox: '☑',
  url: '↗',
  email: '@',
  phone: '✆',
  attachment: '⎘',
  attachmentImage: '▣',
  singleLink: '⇢',
  duplexLink: '⇄',
  barcode: '▥',
  autoNumber: '№',
  location: '◎',
  user: '☺',
  createdUser: '☺',
  modifiedUser: '☺',
  formula: 'ƒ',
  lookup: '⌕',
};
