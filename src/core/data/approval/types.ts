/**
 * Approval definition (design) and instance as the approval host hands them over. The host's
 * exact JSON is not public; these shapes are Quire's design (documented in ../CONTEXT.md),
 * lenient where hosts are known to vary: JSON-string or parsed lists, numbers or numeric text
 * for times, snake_case or PascalCase i18n keys.
 */
import { z } from 'zod';
import { QuireError } from '../../errors';
import { zodIssues } from '../../issues';

export interface FormItem {
  id: string;
  name: string;
  type: string;
  /** Instance only: the item's value; its shape depends on type. */
  value?: unknown;
  /** Instance only: extra data (currency, capital text, file names, …). */
  ext?: unknown;
  /** Design only: false hides the item from print variables. */
  printable?: boolean;
  /** Design: the item's options (radio/checkbox options, amount currency/capital flags, date format). */
  option?: unknown;
  /** fieldList (design: the columns) and group-like items. */
  children?: FormItem[];
}

const formItemSchema: z.ZodType<FormItem> = z.lazy(() =>
  z
    .object({
      id: z.coerce.string(),
      name: z.coerce.string().default(''),
      type: z.string(),
      value: z.unknown().optional(),
      ext: z.unknown().optional(),
      printable: z.boolean().optional(),
      option: z.unknown().optional(),
      children: z.array(formItemSchema).optional(),
    })
    .loose(),
) as z.ZodType<FormItem>;

/** A JSON list given as a string (as the host stores it) or already parsed. */
const jsonList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value ?? [];
    if (value.trim() === '') return [];
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, z.array(item));

const i18nResourceSchema = z
  .object({
    locale: z.string().optional(),
    Locale: z.string().optional(),
    is_default: z.boolean().optional(),
    IsDefault: z.boolean().optional(),
    texts: z.unknown().optional(),
    Texts: z.unknown().optional(),
  })
  .loose();

const approvalDefinitionSchema = z
  .object({
    approval_name: z.string().default(''),
    approval_code: z.string().default(''),
    locale: z.string().optional(),
    form: jsonList(formItemSchema).default([]),
    i18n_resources: z.array(i18nResourceSchema).default([]),
  })
  .loose();
export type ApprovalDefinition = z.infer<typeof approvalDefinitionSchema>;

const timeSchema = z.union([z.number(), z.string()]).nullish();

const commentSchema = z
  .object({
    id: z.coerce.string().optional(),
    user_name: z.string().default(''),
    create_time: timeSchema,
    content: z
      .preprocess(
        (value) => {
          if (typeof value !== 'string') return value ?? {};
          try {
            const parsed = JSON.parse(value);
            return typeof parsed === 'object' && parsed !== null ? parsed : { text: value };
          } catch {
            return { text: value };
          }
        },
        z
          .object({
            text: z.string().default(''),
            files: z
              .array(
                z
                  .object({
                    title: z.string().default(''),
                    type: z.string().optional(),
                    fileSize: z.number().optional(),
                    url: z.string().default(''),
                  })
                  .loose(),
              )
              .default([]),
          })
          .loose(),
      )
      .default({ text: '', files: [] }),
  })
  .loose();
export type ApprovalComment = z.infer<typeof commentSchema>;

const processEntrySchema = z
  .object({
    nodeName: z.string().default(''),
    userName: z.string().default(''),
    userId: z.string().optional(),
    operation: z.string().default(''),
    time: timeSchema,
    comment: z
      .object({ commentStr: z.string().default(''), fileStr: z.string().default('') })
      .loose()
      .nullish(),
    signature: z
      .object({ img: z.string().default(''), label: z.string().default('') })
      .loose()
      .nullish(),
  })
  .loose();
export type ProcessEntry = z.infer<typeof processEntrySchema>;

const processesSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return {};
  }
}, z.object({ title: z.string().default(''), data: z.array(processEntrySchema).default([]) }).loose());

const approvalInstanceSchema = z
  .object({
    content_data: jsonList(formItemSchema).default([]),
    tenant_name: z.string().default(''),
    apply_user_name: z.string().default(''),
    user_department_name: z.string().default(''),
    create_time: timeSchema,
    end_time: timeSchema,
    serial_id: z.coerce.string().default(''),
    instance_name: z.string().default(''),
    share_url: z.string().default(''),
    instance_status: z.string().default(''),
    print_time: timeSchema,
    print_user_name: z.string().default(''),
    locale: z.string().optional(),
    comment_list: z.array(commentSchema).default([]),
    approval_processes_data: processesSchema.default({ title: '', data: [] }),
  })
  .loose();
export type ApprovalInstance = z.infer<typeof approvalInstanceSchema>;

function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new QuireError('DataInvalid', {
    detail: what,
    issues: zodIssues(result.error),
  });
}

export function parseApprovalDefinition(input: unknown): ApprovalDefinition {
  return parseOrThrow(approvalDefinitionSchema, input, 'approval definition');
}

export function parseApprovalInstance(input: unknown): ApprovalInstance {
  return parseOrThrow(approvalInstanceSchema, input, 'approval instance');
}
