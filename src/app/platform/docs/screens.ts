/** The document screens the route table loads lazily, as one chunk. */
export { ApiDocsTab } from './ApiDocsTab';
export { ApiTab } from './ApiTab';
export { DataTab } from './DataTab';
export { DocLayout } from './DocLayout';
export { HistoryTab } from './HistoryTab';
export { PlaygroundTab } from './PlaygroundTab';
export { InstancePreviewScreen } from './PreviewScreens';
export { SettingsTab } from './SettingsTab';
export { TemplateTab } from './TemplateTab';
