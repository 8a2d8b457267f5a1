import type { Scope } from '../../core/expr/evaluate';
import { renderTemplate } from '../../core/expr/evaluate';
import type { QrValue } from '../../core/model/types';
import type { ResolveContext } from './context';
import { toText, variableValue } from './values';

/** Text with `{tags}` (custom QR and bar code values) over the current scope. */
export function interpolate(ctx: ResolveContext, scope: Scope, text: string): string {
  if (!text.includes('{')) return text;
  return renderTemplate(text, undefined, ctx.evalOptions, scope);
}

/**
 * The variable a field binding reads. Bindings made in a host name fields by id (`fld…`); the print
 * input maps ids to variable names. A binding that is not a known id is a variable name already.
 */
export function fieldVariable(ctx: ResolveContext, field: string): string {
  return Object.hasOwn(ctx.fieldIds, field) ? ctx.fieldIds[field]! : field;
}

/** The text a QR code encodes, per its value type; '' prints no code. */
export function qrValue(ctx: ResolveContext, scope: Scope, value: QrValue): string {
  switch (value.type) {
    case 'custom':
      return interpolate(ctx, scope, value.value);
    case 'currentView':
      return ctx.links.currentView ?? '';
    case 'view':
      return ctx.links.viewUrlTemplate
        ? ctx.links.viewUrlTemplate.replace('{viewId}', encodeURIComponent(value.viewId))
        : '';
    case 'currentRecord':
      return ctx.links.currentRecord ?? '';
    case 'recordShareUrl':
      return ctx.links.recordShareUrl ?? '';
    case 'fieldValue': {
      if (!value.field) return '';
      const name = value.fieldType === 'id' ? fieldVariable(ctx, value.field) : value.field;
      return toText(variableValue(ctx, scope, name));
    }
    default:
      return '';
  }
}
