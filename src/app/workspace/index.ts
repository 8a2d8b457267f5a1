/** The workspace screens the route table loads lazily, as one chunk (opening a table fetches nothing more). */
export { ApprovalsScreen } from './ApprovalsScreen';
export { HomeScreen } from './HomeScreen';
export { TableScreen } from './TableScreen';
export { TablesScreen } from './TablesScreen';
