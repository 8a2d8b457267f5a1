export { ApprovalsScreen } from './ApprovalsScreen';
export { HomeScreen } from './HomeScreen';
export { TableScreen } from './TableScreen';
export { TablesScreen } from './TablesScreen';
