/**
 * #31 item 3 in the browser: the approval flow diagram is laid out by Graphviz's WASM inside the
 * app's own render worker (no server, no other origin — the fixture checks), and its node names
 * come out as PDF text. The Node side is covered in tests/golden/approval-flow.test.ts.
 */
import { readFileSync } from 'node:fs';
import { builtAsset, renderInPageWorker } from '../browser-render';
import { block, content, fullRow, page as pageOf } from '../fixtures/builders';
import { expect, test } from './fixtures';
import { pdfText } from './pdf';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/approval/${name}.json`, import.meta.url), 'utf8'));

test('the flow diagram of an approval instance prints from the render worker', async ({ page }) => {
  await page.goto('/');
  const template = content([
    pageOf('p', [fullRow('r', block('f', 'approvalFlow', { flow: { direction: 'LR', time: true } }))]),
  ]);
  const source = {
    kind: 'approval',
    definition: fixture('reimbursement.definition'),
    instance: fixture('reimbursement.instance'),
  };
  const dist = process.env.QUIRE_E2E_DIST ?? 'dist';
  const result = await renderInPageWorker(page, builtAsset(dist, 'render.worker-'), template, {}, source);
  expect(result.error).toBeNull();
  const text = pdfText(result.pdf);
  for (const name of ['Submit', 'Manager', 'Finance', 'Li Wei', 'Wang Fang', 'Zhao Min']) expect(text).toContain(name);
});
