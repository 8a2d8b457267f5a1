/** English strings of the preview/print screen (namespace `preview`); every language has the same keys. */
const enUS = {
  templateLabel: 'Template',
  recordLabel: 'Record',
  tableGroup: 'Table “{{name}}”',
  approvalGroup: 'Approval “{{name}}”',
  unboundGroup: 'Not bound to data',
  samplesGroup: 'Samples (example data)',
  sampleData: 'Sample data',
  noRecord: 'No record (empty fields)',
  instanceLabel: 'Approval instance',
  noInstance: 'No instance (empty fields)',
  noTemplates: 'No templates yet',
  fixtures: {
    invoice: 'Invoice',
    'packing-slip': 'Packing slip',
    'approval-form': 'Approval form',
    contract: 'Service contract',
  },
  stage: {
    loading: 'Loading template…',
    queued: 'Waiting for the renderer…',
    resolve: 'Filling in the data…',
    compile: 'Typesetting the PDF…',
    draw: 'Drawing pages…',
  },
  renderedIn: 'Rendered in {{ms}} ms',
  renderedInSeconds: 'Rendered in {{seconds}} s',
  pageCount: 'Pages: {{count}}',
  pageImage: 'Page {{n}} of {{total}}',
  pageText: 'Text of page {{n}}',
  cancel: 'Cancel',
  cancelled: 'Rendering was cancelled.',
  retry: 'Render again',
  print: 'Print',
  download: 'Download PDF',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fitWidth: 'Fit to width',
  zoomLevel: 'Zoom {{percent}}%',
  viewTools: 'View',
  templateMissing: 'This template is not in this workspace. Choose another one.',
  fileName: 'File name',
  details: 'Details',
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PreviewMessages = Widen<typeof enUS>;

export default enUS as PreviewMessages;
