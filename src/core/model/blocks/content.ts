/**
 * Rich text (Slate JSON) as blocks hold it: the node schema, the field schema that turns empty
 * content into Slate's minimal paragraph, and factories. Inline QR codes and images use the configs
 * of their block counterparts (`./qrcode`, `./image`).
 */
import { z } from 'zod';
import type { ParagraphElement, RichText, RichTextNode, TextLeaf } from '../types';
import { AttachmentImageConfigSchema, StaticImageConfigSchema } from './image';
import { color, FilterSchema, NumberFormatSchema, nonNegative, unknownKind } from './parts';
import { QrConfigSchema } from './qrcode';

export const TextLeafSchema = z.object({
  // Leaves have no `type`; declaring it lets the node union dispatch on `type` alone.
  type: z.undefined().optional(),
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  code: z.boolean().optional(),
  color: color.optional(),
  backgroundColor: color.optional(),
  fontSize: nonNegative.max(1000).optional(),
});

/** Void elements carry Slate's single empty leaf; a missing one is restored. */
const voidChildren = z
  .array(TextLeafSchema)
  .min(1)
  .default([{ text: '' }]);

const blockTextProps = {
  align: z.enum(['left', 'center', 'right', 'justify']).optional(),
  lineHeight: z.number().positive().max(100).optional(),
  marginBottom: z.union([z.number(), z.string().max(20)]).optional(),
};

export const VariableFilterCallSchema = z.object({
  name: z.string().min(1),
  args: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).default([]),
});

export const AttachmentRenderConfigSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('files') }),
    z.object({ mode: z.literal('auto'), enableDocPreview: z.boolean().default(false) }),
  ],
  unknownKind('render config', 'mode'),
);

// Recursive schemas need the explicit `z.ZodType` annotation to type-check.
export const RichTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      TextLeafSchema,
      z.object({ type: z.literal('paragraph'), ...blockTextProps, children: elementChildren }),
      z.object({ type: z.literal('heading-one'), ...blockTextProps, children: elementChildren }),
      z.object({ type: z.literal('heading-two'), ...blockTextProps, children: elementChildren }),
      z.object({ type: z.literal('bulleted-list'), children: elementChildren }),
      z.object({ type: z.literal('numbered-list'), children: elementChildren }),
      z.object({ type: z.literal('list-item'), ...blockTextProps, children: elementChildren }),
      z.object({ type: z.literal('image'), image: AttachmentImageConfigSchema, children: voidChildren }),
      z.object({ type: z.literal('static-image'), image: StaticImageConfigSchema, children: voidChildren }),
      z.object({ type: z.literal('qrcode'), qrcode: QrConfigSchema.prefault({}), children: voidChildren }),
      z.object({
        type: z.literal('attachment'),
        fieldName: z.string(),
        renderConfig: AttachmentRenderConfigSchema.default({ mode: 'files' }),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('inline-image'),
        name: z.string().optional(),
        url: z.string().optional(),
        width: z.number().positive().optional(),
        height: z.number().positive().optional(),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('variable'),
        name: z.string().min(1, 'variable name must not be empty'),
        filters: z.array(VariableFilterCallSchema).optional(),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('computeVariable'),
        name: z.string().min(1, 'computeVariable name must not be empty'),
        cmd: z.enum(['sum', 'average', 'count', 'max', 'min']).default('sum'),
        range: z.enum(['all', 'currentPage']).default('all'),
        format: NumberFormatSchema.prefault({}),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('loop'),
        rootPath: z.string().min(1, 'loop rootPath must not be empty'),
        mode: z.enum(['list', 'paragraph', 'inline']).default('paragraph'),
        listType: z.enum(['ol', 'ul']).default('ul'),
        inlineJoiner: z.string().default(', '),
        hideWhenEmpty: z.boolean().default(false),
        customEmptyContent: z.string().default(''),
        itemContent: RichTextSchema,
        filter: FilterSchema.optional(),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('loopItemInline'),
        name: z.string().default(''),
        filters: z.array(VariableFilterCallSchema).optional(),
        children: voidChildren,
      }),
    ],
    unknownKind('node', 'type', ' (a text leaf needs "text")'),
  ),
);

export const RichTextSchema: z.ZodType<RichTextNode[]> = z.lazy(() => z.array(RichTextNodeSchema));

/** Element children; Slate needs at least one, so an empty list becomes one empty leaf (as Slate's normaliser does). */
const elementChildren = z.lazy(() =>
  RichTextSchema.transform((nodes): RichTextNode[] => (nodes.length > 0 ? nodes : [{ text: '' }])),
);

/** Rich text where empty content becomes Slate's minimal `[paragraph [leaf '']]`. */
export const richTextField = z.lazy(() =>
  RichTextSchema.optional().transform((nodes) =>
    nodes && nodes.length > 0 ? nodes : [{ type: 'paragraph' as const, children: [{ text: '' } as TextLeaf] }],
  ),
);

export function createText(text = '', marks: Omit<TextLeaf, 'text'> = {}): TextLeaf {
  return { ...marks, text };
}

export function createParagraph(text = ''): ParagraphElement {
  return { type: 'paragraph', children: [createText(text)] };
}

/** Empty rich text as Slate needs it: one paragraph with one empty leaf. */
export function createEmptyRichText(): RichText {
  return [createParagraph()];
}
