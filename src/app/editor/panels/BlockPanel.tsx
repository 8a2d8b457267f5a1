// The editor screen shows `BlockPanel`; each block type's panel lives in `blocks/`.
export { BlockPanel } from './blocks/index';
