import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuireError } from '../../core/errors';
import { setupI18n } from '../../i18n';
import { ErrorPage, isUserFacingError } from './ErrorPage';
import { subAppFor } from './Header';
import { LoadingMask } from './LoadingMask';
import { RenderErrorPanel } from './RenderErrorPanel';

let i18n: Awaited<ReturnType<typeof setupI18n>>;

beforeAll(async () => {
  i18n = await setupI18n({ search: '?lng=en-US' });
});

function render(node: ReactNode): string {
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

/** The visible text of each button or link, in document order, with its class. */
function actions(html: string): string[] {
  return [...html.matchAll(/<(button|a) [^>]*class="button ([a-z]+)"[^>]*>([^<]*)</g)].map((m) => `${m[2]}:${m[3]}`);
}

describe('ErrorPage', () => {
  it('shows title, translated message and a primary refresh', () => {
    const html = render(<ErrorPage error={new QuireError('TemplateQueryError')} />);
    expect(html).toContain('Something went wrong');
    expect(html).toContain('The templates could not be loaded.');
    expect(actions(html)).toEqual(['primary:Refresh']);
  });

  it('adds contact-us for code 3020 and makes refresh secondary', () => {
    const html = render(<ErrorPage error={{ bodyCode: 3020, message: 'Seat limit reached' }} />);
    expect(html).toContain('Seat limit reached [3020]');
    expect(actions(html)).toEqual(['primary:Contact us', 'secondary:Refresh']);
  });

  it("shows a catalogued error's code under its message (a host developer can name it)", () => {
    const html = render(
      <ErrorPage error={new QuireError('HostTimeout', { params: { method: 'base.getSelection', ms: 10000 } })} />,
    );
    expect(html).toContain('[HOST_TIMEOUT]');
  });

  it('lists located issues', () => {
    const error = new QuireError('TemplateParseError', { issues: [{ path: 'pages[0]', reason: 'missing rows' }] });
    expect(render(<ErrorPage error={error} />)).toContain('pages[0]: missing rows');
  });
});

describe('isUserFacingError', () => {
  it('sends catalogued, body-code and HTTP errors to the error page, bugs to the render panel', () => {
    expect(isUserFacingError(new QuireError('NoData'))).toBe(true);
    expect(isUserFacingError({ bodyCode: 3020, message: 'x' })).toBe(true);
    expect(isUserFacingError({ status: 500 })).toBe(true);
    expect(isUserFacingError(new TypeError('x is undefined'))).toBe(false);
    expect(isUserFacingError(undefined)).toBe(false);
  });
});

describe('RenderErrorPanel', () => {
  it('offers reload and contact-us', () => {
    const html = render(<RenderErrorPanel />);
    expect(html).toContain('This part of the page could not be displayed');
    expect(actions(html)).toEqual(['primary:Reload', 'secondary:Contact us']);
  });
});

describe('LoadingMask', () => {
  it('renders nothing on first paint while its delay runs', () => {
    expect(render(<LoadingMask />)).toBe('');
  });

  it('renders at once when the wait has already lasted long enough', () => {
    expect(render(<LoadingMask delayMs={0} />)).toContain('Loading…');
  });
});

describe('subAppFor', () => {
  it('names the area the user is in', () => {
    expect(subAppFor('/approval/editor/1')).toBe('approval');
    expect(subAppFor('/approval-entry')).toBe('approval');
    expect(subAppFor('/baseplugin/t')).toBe('base');
    expect(subAppFor('/o/t1')).toBe('open');
    expect(subAppFor('/open/t/a/docs/b/preview/c')).toBe('open');
    expect(subAppFor('/home')).toBeUndefined();
    expect(subAppFor('/opera')).toBeUndefined();
  });
});
