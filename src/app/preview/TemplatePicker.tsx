/**
 * The preview screen's template picker: one group per table or approval (the chosen template's
 * first), a template that is not stored offered under its id, and — on the general print screen
 * only — the bundled samples, last and apart, since they print example data, not this workspace's.
 */
import { Select } from '../shell/Select';
import { usePreviewTranslation } from './i18n/usePreviewTranslation';
import { FIXTURE_NAMES, type FixtureName, fixtureChoice, type TemplateGroup } from './sources';

export function TemplatePicker({
  choice,
  groups,
  missing,
  offerSamples,
  onChoose,
  fixtureName,
}: {
  choice: string;
  groups: TemplateGroup[];
  /** The chosen template is not stored here: it stays offered under its id. */
  missing: boolean;
  offerSamples: boolean;
  onChoose: (choice: string) => void;
  fixtureName: (name: FixtureName) => string;
}) {
  const { t } = usePreviewTranslation();
  const shownGroups = [...groups].sort(
    (a, b) => Number(b.rows.some((r) => r.id === choice)) - Number(a.rows.some((r) => r.id === choice)),
  );
  const groupLabel = (group: TemplateGroup) =>
    group.kind === 'table'
      ? t('tableGroup', { name: group.name })
      : group.kind === 'approval'
        ? t('approvalGroup', { name: group.name })
        : t('unboundGroup');
  return (
    <label className="pv-field">
      <span>{t('templateLabel')}</span>
      <Select value={choice} onChange={(e) => onChoose(e.target.value)}>
        {missing ? <option value={choice}>{choice}</option> : null}
        {shownGroups.length === 0 ? (
          <option disabled value="">
            {t('noTemplates')}
          </option>
        ) : null}
        {shownGroups.map((group) => (
          <optgroup key={group.key || 'unbound'} label={groupLabel(group)} data-group={group.kind}>
            {group.rows.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </optgroup>
        ))}
        {offerSamples ? (
          <optgroup label={t('samplesGroup')} data-group="samples">
            {FIXTURE_NAMES.map((name) => (
              <option key={name} value={fixtureChoice(name)}>
                {fixtureName(name)}
              </option>
            ))}
          </optgroup>
        ) : null}
      </Select>
    </label>
  );
}
