/**
 * Sample templates (the shipped fixtures) a new template can start from, with their sample data for
 * the preview. Loaded lazily as their own chunks: the list screen does not pay for them.
 */
const templates = import.meta.glob<string>('../../../tests/fixtures/*/template.json', {
  query: '?raw',
  import: 'default',
});
const data = import.meta.glob<string>('../../../tests/fixtures/*/data.json', { query: '?raw', import: 'default' });

export const SAMPLE_NAMES = ['invoice', 'packing-slip', 'approval-form', 'contract'] as const;
export type SampleName = (typeof SAMPLE_NAMES)[number];

const key = (name: string, file: string) => `../../../tests/fixtures/${name}/${file}`;

export async function loadSampleTemplate(name: SampleName): Promise<string | undefined> {
  return templates[key(name, 'template.json')]?.();
}

export async function loadSampleData(name: string): Promise<unknown> {
  const load = data[key(name, 'data.json')];
  return load ? JSON.parse(await load()) : undefined;
}

/** Settings key remembering which sample a template came from (for its preview data). */
export const sampleKey = (templateId: string) => `editor.sample:${templateId}`;
