/** The workspace screens' strings: i18next namespace 'workspace' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';
import enUS from './en-US';

export interface MessageTree {
  [key: string]: string | MessageTree;
}

const workspaceNamespace = defineTranslationNamespace<MessageTree>(
  'workspace',
  enUS as MessageTree,
  import.meta.glob<{ default: MessageTree }>(['./*.ts', '!./*.test.ts', '!./index.ts', '!./en-US.ts']),
);

export const WORKSPACE_NS = workspaceNamespace.ns;
export const loadWorkspaceMessages = workspaceNamespace.loadMessages;
export const ensureWorkspaceBundle = workspaceNamespace.ensureBundle;
export const useWorkspaceTranslation = () => useNamespaceTranslation(workspaceNamespace);
