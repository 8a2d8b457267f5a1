/**
 * The API documentation of a document, generated from its data source (issue 15, "docs" tab): the
 * JSON Schema of `POST …/instances`' body, an example body (the sample data as plain values, the
 * form an outside system most easily writes) and the curl commands that create and render it.
 */
import {
  groupVariables,
  type OpenDataSource,
  specVariables,
  type Variable,
  type VariableFieldType,
} from '../../../core/data/dataSource';
import type { OpenValue } from '../../../core/data/openValue';

type JsonSchema = { [key: string]: unknown };

/** Nesting of shared specs is documented this deep; a spec that refers to itself stops here. */
const MAX_SCHEMA_DEPTH = 6;

const FILE_SCHEMA: JsonSchema = {
  oneOf: [
    { type: 'string', format: 'uri', description: 'the file’s URL' },
    {
      type: 'object',
      required: ['url'],
      properties: { url: { type: 'string', format: 'uri' }, fileName: { type: 'string' }, mime: { type: 'string' } },
    },
  ],
};

function scalarSchema(fieldType: VariableFieldType, variable: Variable): JsonSchema {
  switch (fieldType) {
    case 'string':
      return {
        type: 'string',
        ...(variable.stringContentFormat && variable.stringContentFormat !== 'plain'
          ? { contentMediaType: variable.stringContentFormat === 'html' ? 'text/html' : 'text/markdown' }
          : {}),
      };
    case 'number':
      return { type: 'number' };
    case 'bool':
      return { type: 'boolean' };
    case 'numberList':
      return { type: 'array', items: { type: 'number' } };
    case 'datetime':
      return {
        oneOf: [
          { type: 'string', format: 'date-time' },
          { type: 'integer', description: 'milliseconds since 1970-01-01 UTC' },
        ],
      };
    case 'attachment':
    case 'inline-image':
      return FILE_SCHEMA;
    case 'attachments':
    case 'inline-images':
      return { type: 'array', items: FILE_SCHEMA };
    case 'map':
    case 'list':
      return {};
  }
}

function variablesSchema(source: OpenDataSource, variables: Variable[], depth: number): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const variable of variables) properties[variable.fieldName] = variableSchema(source, variable, depth);
  return { type: 'object', properties, additionalProperties: false };
}

function variableSchema(source: OpenDataSource, variable: Variable, depth: number): JsonSchema {
  const described = (schema: JsonSchema): JsonSchema =>
    variable.label ? { title: variable.label, ...schema } : schema;
  const nested = (): JsonSchema =>
    variable.specId !== undefined && depth < MAX_SCHEMA_DEPTH
      ? variablesSchema(source, specVariables(source, variable.specId), depth + 1)
      : { type: 'object' };
  if (variable.fieldType === 'map') return described(nested());
  if (variable.fieldType === 'list') return described({ type: 'array', items: nested() });
  return described(scalarSchema(variable.fieldType, variable));
}

/** The schema of the body of `POST /api/teams/{teamId}/docs/{docId}/instances`. */
export function instanceBodySchema(source: OpenDataSource): JsonSchema {
  const variables = source.groups.flatMap((group) => groupVariables(source, group));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        ...variablesSchema(source, variables, 0),
        description:
          'One value per variable. Each may also be an open value ({"value"}, {"numberValue", "displayText"}, {"timestamp", "displayText"}, {"attachments"}, {"fields"}, {"items"}).',
      },
    },
    additionalProperties: false,
  };
}

/** An open value as the plain JSON an outside system would post for it. */
function plainOf(value: OpenValue | null): unknown {
  if (value === null) return null;
  switch (value.type) {
    case 'string':
    case 'text':
    case 'bool':
      return value.value;
    case 'number':
      return value.numberValue;
    case 'numberList':
      return value.numberListValue;
    case 'datetime':
      return new Date(value.timestamp).toISOString();
    case 'attachments':
      return value.attachments.map((file) => ({ fileName: file.fileName, url: file.url }));
    case 'map':
      return Object.fromEntries(Object.entries(value.fields).map(([key, field]) => [key, plainOf(field)]));
    case 'list':
      return value.items.map(plainOf);
  }
}

export function plainValues(values: Record<string, OpenValue | null>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, plainOf(value)]));
}

/** A value placed in a POSIX shell's single quotes (a quote inside closes, escapes and reopens). */
export const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

interface CurlInput {
  origin: string;
  teamId: string;
  docId: string;
  templateId?: string;
  body: unknown;
}

/** The two calls of a render: create the instance, then render it with a template. */
export function curlExamples(input: CurlInput): { create: string; render: string } {
  const docUrl = `${input.origin}/api/teams/${encodeURIComponent(input.teamId)}/docs/${encodeURIComponent(input.docId)}`;
  const create = [
    `curl -X POST ${shellQuote(`${docUrl}/instances`)}`,
    '  -H "Authorization: Bearer $QUIRE_API_KEY"',
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(input.body))}`,
  ].join(' \\\n');
  const template = encodeURIComponent(input.templateId ?? '<templateId>');
  const render = [
    `curl -X POST ${shellQuote(`${docUrl}/instances/<instanceId>/render?templateId=${template}`)}`,
    '  -H "Authorization: Bearer $QUIRE_API_KEY"',
    `  -H 'Content-Type: application/json'`,
    `  -d '{"targetType":"pdf"}'`,
    '  -o document.pdf',
  ].join(' \\\n');
  return { create, render };
}
