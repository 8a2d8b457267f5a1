/**
 * The preview screen's record picker: the binding's records (or approval instances), "sample data"
 * for a sample, "no record", and for approvals the instance search (#31) — by applicant, number or
 * day — which prints the first instance found, as a pick would, and keeps the printed one listed.
 */
import { useMemo, useState } from 'react';
import { matchesQuery } from '../services/approvalInstances';
import type { BindingChoice } from '../services/binding';
import { Select } from '../shell/Select';
import { usePreviewTranslation } from './i18n/usePreviewTranslation';
import { NO_RECORD, type PreviewTemplate, SAMPLE_RECORD } from './sources';

export function RecordPicker({
  template,
  approval,
  choices,
  record,
  onChoose,
}: {
  template: PreviewTemplate | undefined;
  approval: boolean;
  choices: BindingChoice[];
  record: string | undefined;
  onChoose: (record: string) => void;
}) {
  const { t } = usePreviewTranslation();
  const [query, setQuery] = useState('');
  const listed = useMemo(
    () =>
      query.trim() ? choices.filter((c) => c.value === record || matchesQuery(c.search ?? c.label, query)) : choices,
    [choices, record, query],
  );
  return (
    <>
      {approval && choices.length > 1 ? (
        <label className="pv-field">
          <span>{t('instanceSearch')}</span>
          <input
            type="search"
            value={query}
            placeholder={t('instanceSearchHint')}
            onChange={(e) => {
              const next = e.target.value;
              setQuery(next);
              const first = choices.find((c) => matchesQuery(c.search ?? c.label, next));
              if (next.trim() && first && first.value !== record) onChoose(first.value);
            }}
          />
        </label>
      ) : null}
      <label className="pv-field">
        <span>{t(approval ? 'instanceLabel' : 'recordLabel')}</span>
        <Select
          value={record ?? ''}
          disabled={!template || Boolean(template.fixture)}
          onChange={(e) => onChoose(e.target.value)}
        >
          {template?.fixture ? <option value={SAMPLE_RECORD}>{t('sampleData')}</option> : null}
          {listed.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
          {template && !template.fixture ? (
            <option value={NO_RECORD}>{t(approval ? 'noInstance' : 'noRecord')}</option>
          ) : null}
        </Select>
      </label>
    </>
  );
}

/** The record named in the subtitle: "sample data", "no record/instance", or the choice's label. */
export function recordLabelOf(
  record: string | undefined,
  choices: BindingChoice[],
  approval: boolean,
  t: ReturnType<typeof usePreviewTranslation>['t'],
): string {
  if (record === SAMPLE_RECORD) return t('sampleData');
  if (record === NO_RECORD) return t(approval ? 'noInstance' : 'noRecord');
  return choices.find((c) => c.value === record)?.label ?? '';
}
