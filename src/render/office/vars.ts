/**
 * The field paths an Office template reads (for `quire vars`, and for the editor that maps each
 * tag to a field): the compiled tags of every part, loop-relative paths prefixed by their list.
 */
import type { TemplateNode } from '../../core/expr/ast';
import { collectDeps } from '../../core/expr/deps';
import type { DocxTemplate } from './docx';
import type { CompiledNode, CompiledPart } from './engine';
import type { PptxTemplate } from './pptx';
import type { XlsxTemplate } from './xlsx';

function fromCompiled(nodes: readonly CompiledNode[]): TemplateNode[] {
  const out: TemplateNode[] = [];
  for (const node of nodes) {
    if (node.t === 'tag' || node.t === 'image') out.push({ type: 'tag', expr: node.expr });
    else if (node.t === 'section') {
      out.push({ type: 'section', inverted: node.inverted, expr: node.expr, children: fromCompiled(node.children) });
      // The else part runs in the outer scope.
      if (node.alternate) out.push(...fromCompiled(node.alternate));
    }
  }
  return out;
}

function fromPart(part: CompiledPart): TemplateNode[] {
  const nodes = fromCompiled(part.nodes);
  if (!part.partLoop) return nodes;
  return [{ type: 'section', inverted: part.partLoop.inverted, expr: part.partLoop.expr, children: nodes }];
}

type SheetItems = XlsxTemplate['sheets'][number]['items'];

function fromSheetItems(items: SheetItems): TemplateNode[] {
  const out: TemplateNode[] = [];
  for (const item of items) {
    if (item.kind === 'row') {
      for (const cell of item.cells) if (cell.nodes) out.push(...cell.nodes);
    } else {
      out.push({ type: 'section', inverted: item.inverted, expr: item.expr, children: fromSheetItems(item.children) });
    }
  }
  return out;
}

/** Sorted, escaped field paths (`customer.name`, `lines`, `lines.qty`) the template reads. */
export function officeTemplateVars(template: DocxTemplate | XlsxTemplate | PptxTemplate): string[] {
  const nodes: TemplateNode[] = [];
  if ('parts' in template) for (const part of template.parts) nodes.push(...fromPart(part.compiled));
  if ('slides' in template) for (const slide of template.slides) nodes.push(...fromPart(slide.compiled));
  if ('sheets' in template) {
    for (const sheet of template.sheets) {
      const inner = fromSheetItems(sheet.items);
      const loop = sheet.sheetLoop;
      nodes.push(
        ...(loop
          ? [
              {
                type: 'section' as const,
                inverted: loop.inverted,
                expr: loop.expr,
                children: [...loop.nameNodes, ...inner],
              },
            ]
          : inner),
      );
    }
  }
  return collectDeps(nodes);
}
