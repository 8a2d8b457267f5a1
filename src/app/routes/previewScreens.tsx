/**
 * The preview and print screens as routed: the preview feature's screen, handing Office templates to
 * the Office feature's print screen (features do not import each other; the routes compose them).
 */
import { OfficePrintScreen } from '../office/OfficePrintScreen';
import { PreviewScreen } from '../preview/PreviewScreen';

export function PrintScreen() {
  return <PreviewScreen titleKey="screens.print" officeScreen={OfficePrintScreen} />;
}

export function BasePreviewScreen() {
  return <PreviewScreen titleKey="screens.basePreviewTemplate" officeScreen={OfficePrintScreen} />;
}
