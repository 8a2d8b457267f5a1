import { expect, test } from './fixtures';

test('_callback posts the URL to the parent window instead of rendering', async ({ page }) => {
  await page.goto('/');
  const message = await page.evaluate(
    () =>
      new Promise<{ data: unknown; fromFrame: boolean }>((resolve) => {
        const frame = document.createElement('iframe');
        window.addEventListener('message', (event) =>
          resolve({ data: event.data, fromFrame: event.source === frame.contentWindow }),
        );
        frame.src = '/auth/callback?code=abc&_callback=1';
        document.body.append(frame);
      }),
  );
  expect(message.fromFrame).toBe(true);
  expect(message.data).toEqual({
    type: 'callback',
    url: expect.stringMatching(/\/auth\/callback\?code=abc&_callback=1$/),
  });

  const frame = page.frameLocator('iframe');
  // The framed page stays empty: no header, no screen.
  await expect(frame.locator('#root')).toBeEmpty();
  await expect(frame.getByRole('banner')).toHaveCount(0);
});
