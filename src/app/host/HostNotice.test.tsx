import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuireError } from '../../core/errors';
import { setupI18n } from '../../i18n';
import { HostNotice } from './HostNotice';
import { approvalStarterFields, starterContent } from './hostTemplates';

let i18n: Awaited<ReturnType<typeof setupI18n>>;

beforeAll(async () => {
  i18n = await setupI18n({ search: '?lng=en-US' });
});

function render(node: ReactNode): string {
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

describe('bridge failures in the display modes', () => {
  const timeout = new QuireError('HostTimeout', { detail: 'base.getRecords after 10000 ms' });

  it('a light toast reads "title: message [code]"', () => {
    const html = render(<HostNotice error={timeout} mode="toast" />);
    expect(html).toContain('role="status"');
    expect(html).toContain('Something went wrong: The host app did not answer in time. [HOST_TIMEOUT]');
  });

  it('a notification stays with its title, message, code and a dismiss button', () => {
    const html = render(<HostNotice error={new QuireError('FieldMetaTimeout')} mode="notification" />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('data-error-code="FIELD_META_TIMEOUT"');
    expect(html).toContain('Dismiss');
  });

  it('a modal uses the common error title', () => {
    const html = render(<HostNotice error={new QuireError('HostWrongBase')} mode="modal" />);
    expect(html).toContain('<dialog');
    expect(html).toContain('Something went wrong');
    expect(html).toContain('[HOST_WRONG_BASE]');
  });
});

describe('starter templates', () => {
  it('print a line per field, the approval form’s items named as the mapping names them', () => {
    const fields = approvalStarterFields({
      form: [
        { id: 'a', name: 'Purchase title', printable: true },
        { id: 'b', name: 'Request No.', printable: true },
        { id: 'c', name: 'Hidden', printable: false },
      ],
    });
    expect(fields).toEqual([
      { name: 'Purchase title', variable: 'Purchase_title' },
      { name: 'Request No.', variable: 'Request_No_' },
    ]);
    const content = starterContent(fields);
    expect(content).toContain('"name":"Purchase_title"');
    expect(content).toContain('Request No.: ');
    expect(content).not.toContain('Hidden');
  });
});
