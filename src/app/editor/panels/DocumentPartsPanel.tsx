/**
 * The document's parts beside its settings (spec 001 §3.11): the signature list — which approval
 * signatures print at the end, by person or node, one or all of them, labelled, laid out as cells or
 * as a table — and the named sections: a section starts on its first page, restarts the page
 * numbers and becomes a bookmark of the PDF. Every change is one undo step and shows in the live
 * preview like any edit.
 */
import { useAtomValue } from 'jotai';
import {
  createId,
  type Section as DocumentSection,
  type SignatureGrouping,
  type SignatureRef,
} from '../../../core/model';
import { useEditorTranslation } from '../../services/i18n/editor';
import type { SIGNATURE_GROUPINGS } from '../approvalFields';
import { documentOf, setDocumentParts } from '../state/commands';
import { approvalBoundAtom, approvalGroupsAtom, editorStateAtom, useCommand } from '../state/store';
import { CheckField, Section, SelectField, TextField } from './controls';

/** The field panel's signature group a grouping's names come from. */
const GROUP_OF: Record<SignatureGrouping, (typeof SIGNATURE_GROUPINGS)[number]> = {
  person: 'signatureByPerson',
  node: 'signatureByNode',
  personList: 'signatureListByPerson',
  nodeList: 'signatureListByNode',
};
const GROUPINGS: SignatureGrouping[] = ['node', 'person', 'nodeList', 'personList'];

/** The person or node names the approval's instance holds for a grouping (none without an instance). */
function useSignatureNames(): (grouping: SignatureGrouping) => string[] {
  const groups = useAtomValue(approvalGroupsAtom);
  return (grouping) => {
    const group = groups.find((g) => g.id === GROUP_OF[grouping]);
    return (group?.items ?? []).filter((item) => item.path.includes('.')).map((item) => item.label);
  };
}

export function DocumentPartsPanel() {
  const approvalBound = useAtomValue(approvalBoundAtom);
  return (
    <>
      {approvalBound ? <SignatureListSection /> : null}
      <SectionsSection />
    </>
  );
}

function SignatureListSection() {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const document = documentOf(useAtomValue(editorStateAtom));
  const namesOf = useSignatureNames();
  const refs = document.signatureList;
  const setRefs = (signatureList: SignatureRef[], group?: string) => run(setDocumentParts, { signatureList }, group);
  const patch = (id: string, change: Partial<SignatureRef>, group?: string) =>
    setRefs(
      refs.map((ref) => (ref.id === id ? { ...ref, ...change } : ref)),
      group,
    );
  const add = () => {
    const taken = new Set(refs.filter((r) => r.grouping === 'node').map((r) => r.key));
    const key = namesOf('node').find((name) => !taken.has(name)) ?? '';
    setRefs([...refs, { id: createId('sig'), key, grouping: 'node' }]);
  };
  return (
    <Section title={t('parts.signatures')}>
      <p className="qe-muted">{t('parts.signaturesHint')}</p>
      <SelectField
        label={t('parts.signatureLayout')}
        value={document.signatureLayout ?? 'cells'}
        options={[
          ['cells', t('parts.layoutCells')],
          ['table', t('parts.layoutTable')],
        ]}
        onChange={(signatureLayout) => run(setDocumentParts, { signatureLayout })}
      />
      <ol className="qe-parts" data-testid="signature-list">
        {refs.map((ref, index) => {
          const names = namesOf(ref.grouping);
          const listId = `qe-sig-names-${ref.id}`;
          return (
            <li key={ref.id} className="qe-part">
              <SelectField
                label={t('parts.grouping')}
                value={ref.grouping}
                options={GROUPINGS.map((g) => [g, t(`parts.grouping_${g}`)] as const)}
                onChange={(grouping) => patch(ref.id, { grouping })}
              />
              <label className="qe-field-row">
                <span>{ref.grouping.startsWith('node') ? t('parts.node') : t('parts.person')}</span>
                <input
                  type="text"
                  className="qe-input"
                  list={listId}
                  value={ref.key}
                  onChange={(e) => patch(ref.id, { key: e.target.value }, `sig-key-${ref.id}`)}
                />
                <datalist id={listId}>
                  {names.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </label>
              <TextField
                label={t('parts.label')}
                value={ref.label ?? ''}
                placeholder={ref.key}
                onChange={(label) => patch(ref.id, { label }, `sig-label-${ref.id}`)}
              />
              <div className="qe-part-actions">
                <button
                  type="button"
                  className="qe-btn qe-btn-small"
                  disabled={index === 0}
                  onClick={() => setRefs(swap(refs, index, index - 1))}
                >
                  {t('parts.up')}
                </button>
                <button
                  type="button"
                  className="qe-btn qe-btn-small"
                  onClick={() => setRefs(refs.filter((r) => r.id !== ref.id))}
                >
                  {t('parts.remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="qe-btn" onClick={add}>
        {t('parts.addSignature')}
      </button>
    </Section>
  );
}

function SectionsSection() {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const document = documentOf(useAtomValue(editorStateAtom));
  const sections = document.sections;
  const setSections = (next: DocumentSection[], group?: string) => run(setDocumentParts, { sections: next }, group);
  const patch = (id: string, change: Partial<DocumentSection>, group?: string) =>
    setSections(
      sections.map((s) => (s.id === id ? { ...s, ...change } : s)),
      group,
    );
  const add = () => {
    // The first page no section holds yet, so a new section starts where the last one ended.
    const held = new Set(sections.flatMap((s) => s.pageIds));
    const free = document.pages.find((page) => !held.has(page.id));
    const name = t('parts.sectionName', { n: sections.length + 1 });
    setSections([...sections, { id: createId('sec'), name, pageIds: free ? [free.id] : [] }]);
  };
  return (
    <Section title={t('parts.sections')}>
      <p className="qe-muted">{t('parts.sectionsHint')}</p>
      <ol className="qe-parts" data-testid="section-list">
        {sections.map((section) => (
          <li key={section.id} className="qe-part">
            <TextField
              label={t('parts.sectionTitle')}
              value={section.name}
              onChange={(name) => patch(section.id, { name }, `sec-name-${section.id}`)}
            />
            <fieldset className="qe-part-pages">
              <legend>{t('parts.sectionPages')}</legend>
              {document.pages.map((page, index) => (
                <CheckField
                  key={page.id}
                  label={t('parts.page', { n: index + 1 })}
                  checked={section.pageIds.includes(page.id)}
                  onChange={(on) =>
                    patch(section.id, {
                      pageIds: on ? [...section.pageIds, page.id] : section.pageIds.filter((id) => id !== page.id),
                    })
                  }
                />
              ))}
            </fieldset>
            <div className="qe-part-actions">
              <button
                type="button"
                className="qe-btn qe-btn-small"
                onClick={() => setSections(sections.filter((s) => s.id !== section.id))}
              >
                {t('parts.remove')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="qe-btn" onClick={add}>
        {t('parts.addSection')}
      </button>
    </Section>
  );
}

function swap<T>(items: readonly T[], a: number, b: number): T[] {
  const next = [...items];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}
