/** English strings of the host screens (namespace `host`); every language has the same keys. */
const enUS = {
  connecting: 'Connecting to the host…',
  preparing: 'Preparing this base…',
  waitingForTab: 'Another tab is preparing this base. This tab waits for it…',
  offline: 'Offline: the host’s data still arrives and documents are made on this device.',
  tables: {
    title: 'Tables of this base',
    empty: 'This base has no tables.',
    current: 'Shown in the host now',
  },
  table: {
    fields_one: '{{count}} field',
    fields_other: '{{count}} fields',
    capped: 'Templates can use the first {{limit}} fields of this table.',
    records: 'Records in this view',
    noRecords: 'This view has no records.',
    selected: 'Selected in the host',
    templates: 'Templates',
    noTemplates: 'No template prints this table yet.',
    newTemplate: 'New template',
    newTemplateName: 'Template for {{table}}',
    preview: 'Preview',
    edit: 'Edit',
    allTables: 'All tables',
    locked: 'Editing is locked for this table: its templates open read-only.',
    lock: 'Lock editing',
    unlock: 'Unlock editing',
    recordView: 'Record view',
    boardView: 'Board view',
    onServer: 'Kept on the server and on this device.',
    deviceOnly: 'Kept on this device only. Sign in to a Quire server to share them with your team.',
    serverUnreachable: 'The server cannot be reached: these are the copies on this device.',
  },
  preview: {
    template: 'Template',
    record: 'Record',
    followsHost: 'Follows the record selected in the host',
    noRecord: 'No record selected in the host',
    noTemplate: 'Choose a template to preview.',
    rendering: 'Making the document…',
    print: 'Print',
    download: 'Download PDF',
    back: 'Back to the table',
    pages_one: '{{count}} page',
    pages_other: '{{count}} pages',
    pageImage: 'Page {{n}} of {{total}}',
    pageText: 'Text of page {{n}}',
  },
  approval: {
    title: 'Approval {{code}}',
    instance: 'Instance {{code}}',
    noTemplates: 'No template prints this approval on this device yet.',
    templates: 'Templates of this approval',
  },
  entry: {
    title: 'Approval printing',
    opening: 'Opening the approval…',
    intro:
      'Open Quire from an approval in the approval host to print its instances, or choose an approval kept on this device.',
    local: 'Approvals on this device',
  },
  notice: {
    dismiss: 'Dismiss',
  },
};

export type HostMessages = typeof enUS;
export default enUS;
