/**
 * The data tab: the document's data source as a form (groups and shared specs, each holding
 * variables with a field type, a label, a spec for maps and lists, a content format for strings),
 * and its sample data — JSON checked against the data source as it is typed, every mismatch
 * listed; "Generate sample data" fills it from the data source (4 levels deep, lists of 1–10).
 */
import { useMemo, useState } from 'react';
import {
  type OpenDataSource,
  STRING_CONTENT_FORMATS,
  type StringContentFormat,
  VARIABLE_FIELD_TYPES,
  type Variable,
  type VariableFieldType,
} from '../../../core/data/dataSource';
import { sampleData } from '../../../core/data/sampleData';
import { serverApi } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { plainValues } from './apiSchema';
import {
  addGroup,
  addSpec,
  addVariable,
  checkDataSource,
  checkSample,
  dataSourceOf,
  type Issue,
  removeGroup,
  removeSpec,
  removeVariable,
  renameSpec,
  specInUse,
  updateGroup,
  updateVariable,
  type VariableList,
  variablesOf,
} from './dataSourceEdit';
import { useDocsTranslation } from './i18n/useTranslation';
import { IssueList, useDocView } from './shared';

const pretty = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

export function DataTab() {
  const { teamId, docId, doc, setDoc } = useDocView();
  const { t } = useDocsTranslation();
  const errorText = useErrorText();
  const [source, setSource] = useState<OpenDataSource>(() => dataSourceOf(doc.dataSource));
  const [sampleText, setSampleText] = useState(() => pretty(doc.sampleData));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const sourceIssues = useMemo(() => checkDataSource(source), [source]);
  const sample = useMemo((): { value?: unknown; issues: Issue[] } => {
    let value: unknown;
    try {
      value = JSON.parse(sampleText);
    } catch (failure) {
      return { issues: [{ path: '(json)', reason: failure instanceof Error ? failure.message : String(failure) }] };
    }
    return { value, issues: sourceIssues.length > 0 ? [] : checkSample(source, value) };
  }, [sampleText, source, sourceIssues]);

  const save = async (change: { dataSource?: unknown; sampleData?: unknown }, done: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setDoc(await serverApi().docs.update(teamId, docId, change));
      setNotice(done);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const generate = () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    setSampleText(pretty(plainValues(sampleData(source, { seed }))));
  };

  return (
    <section className="docs-tab docs-data" aria-labelledby="data-tab-title">
      <h2 id="data-tab-title">{t('dataSourceTitle')}</h2>
      <p className="muted">{t('dataSourceIntro')}</p>

      {source.groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group's name is what is being edited; its position is its identity
        <fieldset key={index} className="docs-group" data-testid={`group-${index}`}>
          <legend>{t('groupN', { n: index + 1 })}</legend>
          <div className="docs-row">
            <label>
              {t('groupName')}
              <input
                value={group.name}
                onChange={(event) => setSource(updateGroup(source, index, { name: event.target.value }))}
              />
            </label>
            <label className="docs-grow">
              {t('description')}
              <input
                value={group.description ?? ''}
                onChange={(event) => setSource(updateGroup(source, index, { description: event.target.value }))}
              />
            </label>
            <button type="button" className="button ghost small" onClick={() => setSource(removeGroup(source, index))}>
              {t('removeGroup')}
            </button>
          </div>
          <VariableRows source={source} list={{ kind: 'group', index }} onChange={setSource} />
        </fieldset>
      ))}
      <button type="button" className="button secondary small" onClick={() => setSource(addGroup(source))}>
        {t('addGroup')}
      </button>

      <h3>{t('sharedSpecs')}</h3>
      <p className="muted">{t('sharedSpecsIntro')}</p>
      {source.dataSpecs.map((spec, index) => {
        const used = specInUse(source, spec.id);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a spec's id is what is being edited; its position is its identity
          <fieldset key={index} className="docs-group" data-testid={`spec-${index}`}>
            <legend>{t('specN', { id: spec.id })}</legend>
            <div className="docs-row">
              <label>
                {t('specId')}
                <input value={spec.id} onChange={(event) => setSource(renameSpec(source, index, event.target.value))} />
              </label>
              <button
                type="button"
                className="button ghost small"
                disabled={used}
                title={used ? t('specInUse') : undefined}
                onClick={() => setSource(removeSpec(source, index))}
              >
                {t('removeSpec')}
              </button>
            </div>
            <VariableRows source={source} list={{ kind: 'spec', index }} onChange={setSource} />
          </fieldset>
        );
      })}
      <button type="button" className="button secondary small" onClick={() => setSource(addSpec(source))}>
        {t('addSpec')}
      </button>

      <div className="docs-savebar">
        <IssueList issues={sourceIssues} testId="source-issues" />
        <button
          type="button"
          className="button primary"
          disabled={busy || sourceIssues.length > 0}
          onClick={() => void save({ dataSource: source }, t('dataSourceSaved'))}
        >
          {t('saveDataSource')}
        </button>
      </div>

      <h3 id="sample-title">{t('sampleTitle')}</h3>
      <p className="muted">{t('sampleIntro')}</p>
      <textarea
        className="docs-json"
        aria-labelledby="sample-title"
        data-testid="sample-json"
        spellCheck={false}
        rows={14}
        value={sampleText}
        onChange={(event) => setSampleText(event.target.value)}
      />
      <p data-testid="sample-status" className={sample.issues.length > 0 ? 'docs-bad' : 'docs-good'}>
        {sample.issues.length > 0 ? t('sampleMismatches', { count: sample.issues.length }) : t('sampleFits')}
      </p>
      <IssueList issues={sample.issues} testId="sample-issues" />
      <div className="docs-row">
        <button type="button" className="button secondary" disabled={sourceIssues.length > 0} onClick={generate}>
          {t('generateSample')}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy || sample.value === undefined}
          onClick={() => void save({ sampleData: sample.value }, t('sampleSaved'))}
        >
          {t('saveSample')}
        </button>
      </div>
      {notice && (
        <p role="status" className="docs-good">
          {notice}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

function VariableRows({
  source,
  list,
  onChange,
}: {
  source: OpenDataSource;
  list: VariableList;
  onChange: (next: OpenDataSource) => void;
}) {
  const { t } = useDocsTranslation();
  const variables = variablesOf(source, list);
  const update = (index: number, patch: Partial<Variable>) => onChange(updateVariable(source, list, index, patch));
  return (
    <>
      {variables.length === 0 ? (
        <p className="muted">{t('noVariables')}</p>
      ) : (
        <table className="docs-table docs-variables">
          <thead>
            <tr>
              <th scope="col">{t('fieldName')}</th>
              <th scope="col">{t('label')}</th>
              <th scope="col">{t('fieldType')}</th>
              <th scope="col">{t('specOrFormat')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {variables.map((variable, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a variable's name is what is being edited; its position is its identity
              <tr key={index} data-testid="variable-row">
                <td>
                  <input
                    aria-label={t('fieldName')}
                    value={variable.fieldName}
                    onChange={(event) => update(index, { fieldName: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t('label')}
                    value={variable.label ?? ''}
                    onChange={(event) => update(index, { label: event.target.value || undefined })}
                  />
                </td>
                <td>
                  <select
                    aria-label={t('fieldType')}
                    value={variable.fieldType}
                    onChange={(event) => update(index, { fieldType: event.target.value as VariableFieldType })}
                  >
                    {VARIABLE_FIELD_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`fieldTypes.${type}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {variable.fieldType === 'map' || variable.fieldType === 'list' ? (
                    <select
                      aria-label={t('spec')}
                      value={variable.specId ?? ''}
                      onChange={(event) => update(index, { specId: event.target.value || undefined })}
                    >
                      <option value="">{t('chooseSpec')}</option>
                      {source.dataSpecs.map((spec) => (
                        <option key={spec.id} value={spec.id}>
                          {spec.id}
                        </option>
                      ))}
                    </select>
                  ) : variable.fieldType === 'string' ? (
                    <select
                      aria-label={t('contentFormat')}
                      value={variable.stringContentFormat ?? 'plain'}
                      onChange={(event) =>
                        update(index, { stringContentFormat: event.target.value as StringContentFormat })
                      }
                    >
                      {STRING_CONTENT_FORMATS.map((format) => (
                        <option key={format} value={format}>
                          {t(`formats.${format}`)}
                        </option>
                      ))}
                    </select>
                  ) : null}
                </td>
                <td>
                  <button
                    type="button"
                    className="button ghost small"
                    aria-label={t('removeVariableNamed', { name: variable.fieldName })}
                    onClick={() => onChange(removeVariable(source, list, index))}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="button ghost small" onClick={() => onChange(addVariable(source, list))}>
        {t('addVariable')}
      </button>
    </>
  );
}
