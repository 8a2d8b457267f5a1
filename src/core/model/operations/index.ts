export * from './blocks';
export * from './pages';
export type { CellRange } from './table';
export * as TableOps from './table';
export * from './tree';
