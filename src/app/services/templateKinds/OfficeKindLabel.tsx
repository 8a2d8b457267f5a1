import type { OfficeKind } from '../../../core/outputs/catalogue';
import { useOfficeTranslation } from '../i18n/office';
import '../print/office.css';

/** "Word template", "Excel template", "PowerPoint template" as a coloured badge (template cards). */
export function OfficeKindLabel({ kind }: { kind: OfficeKind }) {
  const { t } = useOfficeTranslation();
  return (
    <span className="of-kind" data-kind={kind}>
      {t(`kindTemplate.${kind}`)}
    </span>
  );
}
