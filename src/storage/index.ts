/** Public API of the local-first storage layer. The app opens storage once with `openStorage()`. */
export { importApprovalJson } from './approvalImport';
export type { BackupEnvelope, BackupScope, RestoreOptions } from './backup';
export {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupFileName,
  exportBackup,
  exportBackupBlob,
  readBackup,
  restoreBackup,
} from './backup';
export type { ChangeListener, StorageChange } from './changes';
export { ChangeBus } from './changes';
export { CURRENT_SCHEMA_VERSION, openQuireDb, QuireDb, type StoreName } from './db';
export type { DemoOptions, DemoTemplate, DemoTemplateSource } from './demo';
export {
  DEMO_APPROVAL_CODE,
  DEMO_BASE_ID,
  DEMO_TABLE_IDS,
  demoRecordId,
  ensureDemoWorkspace,
  registerDemoTemplates,
  resetDemoWorkspace,
} from './demo';
export type { PersistenceResult, StorageManagerLike, UsageEstimate } from './failures';
export { classifyStorageFailure, estimateUsage, requestPersistence, storageFailureKind } from './failures';
export type { ImportProgress, ImportResult, RetypeOutcome, RetypePreview } from './import';
export {
  canRetypeField,
  changeFieldType,
  guessDelimiter,
  importIntoExistingTable,
  importIntoNewTable,
  importKindForField,
  listXlsxSheets,
  previewFieldType,
  previewImport,
  readCsv,
  readCsvBytes,
  readXlsx,
} from './import';
export { beginImport, endImport, type RunningImport, takeInterruptedImports } from './importRuns';
export { type DurableJournal, durableJournal, type JournalRecord, openDurableJournal } from './keystrokeJournal';
export {
  addLinkedRecord,
  allowsMany,
  isLinkField,
  primaryField,
  type RecordSearch,
  searchRecords,
  setLinks,
} from './links';
export { addMember, listMembers, type MemberRow, membersKey, toStoredUser, validateMember } from './members';
export type { PendingWrite } from './pending';
export { PendingWrites } from './pending';
export {
  createAssetBytesReader,
  loadApprovalSource,
  loadSavedSignatures,
  loadTableSources,
  type TableSourceOptions,
} from './printSources';
export { BLOCK_SIZE, makeRecordId, parseRecordId } from './recordBlocks';
export { sha256Hex } from './repos/assets';
export { BASE_CACHE_LIMIT, needsInitialisation } from './repos/baseCache';
export { isStoredLoginValid, LOGIN_VERSION, loginKey } from './repos/logins';
export { DEFAULT_DOCUMENT_NAME } from './repos/openDocuments';
export { PREFERENCE_FLAGS, type PreferenceFlag, type PreferenceFlags } from './repos/settings';
export { FIELD_LIST_CAP, visibleFields } from './repos/tables';
export { releaseId } from './repos/templates';
export { canReplay, type RetryOutcome, retryPendingWrites } from './retry';
export { type OpenStorageOptions, openStorage, type Storage } from './storage';
export { ASSET_URL_PREFIX, assetHashFromUrl, assetUrl, attachFiles, loadPrintInputs, toTableData } from './tableData';
export type * from './types';
