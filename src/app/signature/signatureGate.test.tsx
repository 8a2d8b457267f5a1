/**
 * The signature features' one switch (#31 item 5), both ways: the signing screens and the saved
 * signatures in approval printing follow it.
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RGBA_PNG_BASE64 } from '../../core/data/__fixtures__/signaturePngs';
import { setupI18n } from '../../i18n';
import type { Storage } from '../../storage';
import { approvalSource } from '../services/printing';
import { parseSignatureSwitch, savedSignaturesForPrint, setSignaturesEnabledForTests } from '../services/signatureGate';
import { SignatureQrScreen } from './SignatureQrScreen';
import { SignatureScreen } from './SignatureScreen';

let i18n: Awaited<ReturnType<typeof setupI18n>>;
beforeAll(async () => {
  i18n = await setupI18n({ search: '?lng=en-US' });
});
afterEach(() => setSignaturesEnabledForTests(true));

/** A screen rendered inside a router (its links need one), as the server renders HTML. */
async function render(screen: () => ReactNode): Promise<string> {
  const router = createRouter({
    routeTree: createRootRoute({ component: screen }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

/** A device with Ann's saved signature and one approval instance. */
function device(): Storage {
  const png = new Blob([Buffer.from(RGBA_PNG_BASE64, 'base64')], { type: 'image/png' });
  const row = { id: 'local', png, width: 120, height: 40, penWidth: 3, name: 'Ann', updatedAt: 1 };
  return {
    signatures: { list: async () => [row] },
    approvals: {
      getDefinition: async () => ({ code: 'A', name: 'A', design: { approval_code: 'A' }, updatedAt: 1 }),
      listInstances: async () => [{ code: 'I-1', approvalCode: 'A', instance: { instance_code: 'I-1' } }],
    },
  } as unknown as Storage;
}

describe('the signature switch', () => {
  it('is on unless explicitly set off', () => {
    for (const value of [undefined, '', 'on', 'true', 'yes', 'enterprise'])
      expect(parseSignatureSwitch(value)).toBe(true);
    for (const value of ['off', ' OFF ', 'false', '0', 'no']) expect(parseSignatureSwitch(value)).toBe(false);
  });

  it('on: the signing screens draw, and approval printing carries the saved signatures', async () => {
    setSignaturesEnabledForTests(true);
    expect(await render(SignatureScreen)).toContain('data-testid="signature-pad"');
    expect(await render(SignatureQrScreen)).toContain('Sign with a QR code');
    expect((await savedSignaturesForPrint(device())).map((s) => s.name)).toEqual(['Ann']);
    const source = await approvalSource(device(), 'A', 'I-1');
    expect(source).toMatchObject({ kind: 'approval', signatures: [{ name: 'Ann' }] });
  });

  it('off: the signing screens say it is an Enterprise feature, and nothing saved prints', async () => {
    setSignaturesEnabledForTests(false);
    for (const screen of [SignatureScreen, SignatureQrScreen]) {
      const html = await render(screen);
      expect(html).toContain('Signatures are part of the Enterprise plan.');
      expect(html).toContain('href="/home/upgrade"');
      expect(html).not.toContain('signature-pad');
    }
    expect(await savedSignaturesForPrint(device())).toEqual([]);
    const source = await approvalSource(device(), 'A', 'I-1');
    expect(source).toMatchObject({ kind: 'approval', instance: { instance_code: 'I-1' } });
    expect(source).not.toHaveProperty('signatures');
  });
});
