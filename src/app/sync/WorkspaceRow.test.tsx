import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocDto, TeamDto } from '../../api/contract';
import { setupI18n } from '../../i18n';
import type { BaseRow } from '../../storage';
import { WorkspaceRow } from './SyncScreen';

let i18n: Awaited<ReturnType<typeof setupI18n>>;
beforeAll(async () => {
  i18n = await setupI18n({ search: '?lng=en-US' });
});

const doc = (id: string, name: string): DocDto => ({
  id,
  teamId: 't',
  name,
  status: 'active',
  dataSource: null,
  sampleData: null,
  createdAt: 0,
  updatedAt: 0,
});
const team: TeamDto = { id: 't', teamKey: 'k', name: 'Team', role: 'owner' };
const base = (id: string, name: string) => ({ id, name }) as BaseRow;
const link = (baseId: string, docId: string, docName: string) => ({ baseId, teamId: 't', docId, docName, linkedAt: 0 });

function render(links: ReturnType<typeof link>[], docs: DocDto[]) {
  const names = new Map([
    ['b1', 'Shop'],
    ['b2', 'Shop'],
  ]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <WorkspaceRow
        base={base('b2', 'Shop')}
        links={links}
        baseNames={names}
        docs={docs}
        team={team}
        onChanged={() => {}}
      />
    </I18nextProvider>,
  );
}

// Issue 29 item 10: a document another workspace of this device syncs with is named before linking.
describe('linking a workspace to a team document', () => {
  it('does not offer by default the document another workspace here syncs with', () => {
    const html = render([link('b1', 'd1', 'Shop')], [doc('d1', 'Shop')]);
    expect(html).not.toContain('data-testid="sync-doc-taken"');
    expect(html).toMatch(/<option value="__new__" selected="">/);
  });

  it('offers the document named like the workspace when no other workspace here syncs with it', () => {
    const html = render([], [doc('d1', 'Shop')]);
    expect(html).toMatch(/<option value="d1" selected="">Shop<\/option>/);
    expect(html).not.toContain('sync-doc-taken');
  });
});
