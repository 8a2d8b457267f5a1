/** The tab's one storage connection: the local workspace, opened once (with its demo on first start). */
export { openedWorkspace, openWorkspace as getStorage, openWorkspace } from '../workspace/bootstrap';
