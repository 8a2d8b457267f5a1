export { TableScreen } from './TableScreen';
export { TablesScreen } from './TablesScreen';
