/** The template document model: types, schemas, defaults, parsing, migrations, operations, history. */
export * from './defaults';
export * from './history';
export * from './ids';
export * from './migrations/index';
export * from './operations/index';
export * from './parse';
export * from './paths';
export * from './rules';
export * from './schema';
export * from './summary';
export * from './types';
