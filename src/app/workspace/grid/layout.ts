import type { TableField } from '../../../storage';
import type { Column } from './GridRow';

const NUMERIC_TYPES = new Set<TableField['type']>(['number', 'currency', 'progress', 'rating', 'autoNumber']);

/** Numbers are right-aligned so that digits line up. */
export function isNumeric(field: TableField): boolean {
  return NUMERIC_TYPES.has(field.type);
}

/**
 * A cell's placement: the primary column is sticky right after the check column (frozen); the
 * others are placed by their virtual offset.
 */
export function cellStyle(col: Pick<Column, 'index' | 'start' | 'size' | 'field'>, checkWidth: number) {
  return col.field.isPrimary && col.index === 0
    ? { width: col.size, left: checkWidth }
    : { width: col.size, transform: `translateX(${checkWidth + col.start}px)` };
}
