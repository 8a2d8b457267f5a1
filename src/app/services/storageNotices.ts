/**
 * One save tracker and one storage banner (with the download of every unsaved change) for every
 * screen that writes, the workspace's: a storage failure reads the same everywhere.
 */

export { StorageNotices } from '../workspace/StorageBanner';
export { trackSave } from '../workspace/saving';
