/**
 * #31: a person draws a signature with the mouse, undoes a stroke, picks a pen width, sees it as it
 * will print, saves it, and finds it again after a reload — a transparent PNG kept on the device.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { dismissGuidance, openList, previewText, rememberLivePreviewOpen } from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { pdfImageLines } from './pdf';
import { openTables } from './workspace-helpers';

/** A mouse stroke across the pad through points given as fractions of its size. */
async function stroke(page: Page, points: [number, number][]) {
  const box = await page.getByTestId('signature-pad').boundingBox();
  if (!box) throw new Error('the pad is not on screen');
  const at = ([fx, fy]: [number, number]) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(...at(first));
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(...at(point));
  await page.mouse.up();
}

/** Alpha of a saved image's corner and the most opaque pixel, read back through a canvas. */
function alphaOf(page: Page, selector: string) {
  return page.locator(selector).evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const pen = canvas.getContext('2d');
    if (!pen) return { corner: -1, max: -1 };
    pen.drawImage(img, 0, 0);
    const data = pen.getImageData(0, 0, canvas.width, canvas.height).data;
    let max = 0;
    for (let i = 3; i < data.length; i += 4) max = Math.max(max, data[i] ?? 0);
    return { corner: data[3] ?? -1, max };
  });
}

test('draw a signature with the mouse, undo, save it on the device and find it after a reload', async ({ page }) => {
  // About 20 browser actions: seconds on a quiet machine; at load 30 the first page load alone took 24 s.
  test.setTimeout(90_000);
  await page.goto('/signature/sign');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your signature');
  const save = page.getByRole('button', { name: 'Save signature' });
  await expect(save).toBeDisabled();

  await stroke(page, [
    [0.1, 0.7],
    [0.2, 0.3],
    [0.3, 0.7],
    [0.4, 0.3],
  ]);
  await stroke(page, [
    [0.5, 0.5],
    [0.9, 0.5],
  ]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('radio', { name: 'Bold' }).check();
  await stroke(page, [
    [0.45, 0.8],
    [0.6, 0.2],
    [0.8, 0.75],
  ]);

  const preview = page.getByTestId('signature-preview').first();
  await expect(preview.locator('img')).toBeVisible();
  await page.getByLabel('Your name in approvals').fill('Ann Lee');
  await expect(preview).toContainText('Ann Lee');
  await save.click();
  await expect(page.getByTestId('signature-status')).toHaveText('Saved on this device.');
  await expect(page.getByTestId('signature-saved')).toContainText('Ann Lee');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/signature-saved.png` });

  await page.reload();
  const saved = page.getByTestId('signature-saved');
  await expect(saved.locator('img')).toBeVisible();
  await expect(page.getByLabel('Your name in approvals')).toHaveValue('Ann Lee');
  // The saved PNG is ink on a transparent ground, cropped to the drawing.
  const alpha = await alphaOf(page, '[data-testid="signature-saved"] img');
  expect(alpha).toEqual({ corner: 0, max: 255 });
  await expect(page.getByRole('radio', { name: 'Bold' })).toBeChecked();
});

/** An approval whose Director, Ann Lee, approved in the approval tool without signing there. */
const UNSIGNED_APPROVAL = {
  definition: { approval_name: 'Signing check', approval_code: 'E2E-SIGN', form: '[]' },
  instances: [
    {
      serial_id: 'S-1',
      content_data: '[]',
      instance_status: 'APPROVED',
      apply_user_name: 'Bo Chen',
      approval_processes_data: JSON.stringify({
        title: 'process',
        data: [
          { nodeName: 'Submit', userName: 'Bo Chen', operation: 'START', time: 1764000000000 },
          { nodeName: 'Director', userName: 'Ann Lee', operation: 'APPROVED', time: 1764003600000 },
        ],
      }),
    },
  ],
};

test('a signature saved once prints on an approval the person approved without signing there', async ({ page }) => {
  test.setTimeout(180_000);
  await rememberLivePreviewOpen(page);
  await openTables(page);
  const approvals = page.getByTestId('approvals');
  await approvals.getByTestId('approval-input').setInputFiles({
    name: 'signing.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(UNSIGNED_APPROVAL)),
  });
  await expect(approvals.getByRole('status')).toHaveText('Imported — definitions: 1, instances: 1.');

  await page.goto('/signature/sign');
  await stroke(page, [
    [0.1, 0.6],
    [0.3, 0.2],
    [0.5, 0.7],
    [0.8, 0.3],
  ]);
  await page.getByLabel('Your name in approvals').fill('Ann Lee');
  await page.getByRole('button', { name: 'Save signature' }).click();
  await expect(page.getByTestId('signature-status')).toHaveText('Saved on this device.');

  // A template of that approval printing the Director's signature at its end.
  await openList(page);
  await page.getByRole('combobox', { name: 'New approval template' }).selectOption({ label: 'Signing check' });
  await expect(page).toHaveURL(/\/approval\/editor\/E2E-SIGN\?templateId=/);
  await dismissGuidance(page);
  await page.getByRole('tab', { name: 'Document' }).click();
  await page.getByRole('button', { name: 'Add a signature' }).click();
  await page.getByTestId('signature-list').getByLabel('Node', { exact: true }).fill('Director');
  await expect(previewText(page)).toContainText('Ann Lee', { timeout: 90_000 });

  // The instance holds no image: the one in the printed PDF is the signature saved on this device.
  const live = page.getByRole('complementary', { name: 'Live preview' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    live.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const pdf = new Uint8Array(readFileSync((await download.path()) ?? ''));
  // One picture (its transparency is a second line of type `smask`).
  expect(pdfImageLines(pdf).filter((line) => line.trim().split(/\s+/)[2] === 'image')).toHaveLength(1);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/signature-printed.png` });
});
