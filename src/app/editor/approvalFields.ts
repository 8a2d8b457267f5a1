/**
 * The variables an approval-bound template can print, as field-panel entries: the form group, the
 * system group and the four signature groupings (by person / by node, single or list), each keyed
 * by the names an instance's approval process holds. Pure: the panel and its tests share it.
 */
import {
  type ApprovalMapping,
  type ApprovalVariable,
  fieldLabel,
  SIGNATURE_VARIABLES,
  type SystemVariableName,
  systemLabel,
} from '../../core/data/approval';
import type { FieldOption } from '../services/fieldTree';

export const SIGNATURE_GROUPINGS = [
  'signatureByPerson',
  'signatureByNode',
  'signatureListByPerson',
  'signatureListByNode',
] as const;
export type SignatureGrouping = (typeof SIGNATURE_GROUPINGS)[number];

const GROUPING_SET = new Set<string>(SIGNATURE_GROUPINGS);

/** A titled list of panel entries. `titleKey` is an editor translation key; `title` is already text. */
export interface ApprovalFieldGroup {
  id: string;
  titleKey?: 'fields.approvalForm' | 'fields.approvalSystem';
  title?: string;
  items: FieldOption[];
}

function variableOption(variable: ApprovalVariable, group: string, lang: ApprovalMapping['lang']): FieldOption {
  const option: FieldOption = { path: variable.fieldName, label: variable.label, type: variable.fieldType, group };
  // A list of maps (approval nodes, comments, table items) loops over its rows' fields.
  const row = variable.value.type === 'list' ? variable.value.items[0] : undefined;
  if (row?.type === 'map')
    option.children = Object.keys(row.fields).map((key) => ({
      path: key,
      label: fieldLabel(key, lang),
      type: row.fields[key]?.type ?? 'string',
      group: variable.fieldName,
    }));
  return option;
}

function keysOf(mapping: ApprovalMapping, grouping: SignatureGrouping): string[] {
  const s = mapping.signatures;
  const record =
    grouping === 'signatureByPerson'
      ? s.byPerson
      : grouping === 'signatureByNode'
        ? s.byNode
        : grouping === 'signatureListByPerson'
          ? s.listByPerson
          : s.listByNode;
  return Object.keys(record);
}

/** The eight signature variables, as entries relative to one signature (a loop item or a keyed entry). */
function signatureFieldOptions(lang: ApprovalMapping['lang'], group: string): FieldOption[] {
  return SIGNATURE_VARIABLES.map((key) => ({
    path: key,
    label: fieldLabel(key, lang),
    type: key === 'image' || key === 'signatureImage' ? 'image' : 'string',
    group,
  }));
}

/**
 * Entries of one signature grouping. By-person/by-node entries print one signature:
 * `signatureByNode.<node>.image`. List groupings hold every entry of a person/node, so their entry
 * is the list itself (`signatureListByNode.<node>`), with the signature variables as its loop fields.
 * Without an instance there are no names yet: the grouping itself is offered.
 */
export function signatureGroupingOptions(mapping: ApprovalMapping, grouping: SignatureGrouping): FieldOption[] {
  const title = systemLabel(grouping, mapping.lang);
  const keys = keysOf(mapping, grouping);
  const isList = grouping === 'signatureListByPerson' || grouping === 'signatureListByNode';
  if (keys.length === 0) return [{ path: grouping, label: title, type: isList ? 'list' : 'map', group: title }];
  return keys.map((key) => ({
    path: `${grouping}.${key}`,
    label: key,
    type: isList ? 'list' : 'map',
    group: title,
    children: signatureFieldOptions(mapping.lang, key),
  }));
}

export function approvalFieldGroups(mapping: ApprovalMapping): ApprovalFieldGroup[] {
  const system = mapping.system.filter((v) => !GROUPING_SET.has(v.fieldName));
  const groups: ApprovalFieldGroup[] = [
    {
      id: 'form',
      titleKey: 'fields.approvalForm',
      items: mapping.form.map((v) => variableOption(v, 'form', mapping.lang)),
    },
    {
      id: 'system',
      titleKey: 'fields.approvalSystem',
      items: system.map((v) => variableOption(v, 'system', mapping.lang)),
    },
  ];
  for (const grouping of SIGNATURE_GROUPINGS)
    groups.push({
      id: grouping,
      title: systemLabel(grouping as SystemVariableName, mapping.lang),
      items: signatureGroupingOptions(mapping, grouping),
    });
  return groups.filter((g) => g.items.length > 0);
}
