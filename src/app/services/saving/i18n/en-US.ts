/** Strings of the save pipeline (services/saving): namespace 'saving', the key source. */
const enUS = {
  status: {
    saved: 'Saved',
    saving: 'Saving…',
    failed: 'Not saved',
    conflict: 'Changed elsewhere',
    retry: 'Retry',
  },
  saving: {
    conflictTitle: 'This template was changed in another tab',
    conflictIntro:
      'Another tab or window saved this template after you started typing, so your changes are not saved yet. They are kept on this device until you choose which version to keep.',
    theirs: 'Saved in another tab',
    mine: 'Your unsaved changes',
    takeTheirs: 'Take theirs',
    keepMine: 'Keep mine',
    keepCopy: 'Keep mine as a copy',
    unchanged: '{{n}} more parts are the same in both versions or not shown.',
    absent: 'Not in this version',
    noTextChanges: 'The texts are the same; only the layout or settings differ.',
    copyName: '{{name}} (copy)',
    quota: 'Storage is full: your latest changes are not saved.',
    unavailable: 'Browser storage is unavailable: your latest changes are not saved.',
    bannerHelp: 'Keep this tab open. Free some disk space and press Retry, or download your unsaved work.',
    download: 'Download unsaved work',
    leaveConfirm: 'Some changes are not saved yet. Leave anyway?',
    leaveTitle: 'Changes not saved',
    leave: 'Leave anyway',
    stay: 'Stay',
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SavingMessages = Widen<typeof enUS>;

export default enUS as SavingMessages;
