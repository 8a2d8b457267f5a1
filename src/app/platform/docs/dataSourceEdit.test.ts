import { describe, expect, it } from 'vitest';
import type { OpenDataSource } from '../../../core/data/dataSource';
import {
  addGroup,
  addSpec,
  addVariable,
  checkDataSource,
  checkSample,
  dataSourceOf,
  emptyDataSource,
  removeSpec,
  renameSpec,
  specInUse,
  updateVariable,
} from './dataSourceEdit';

const group = { kind: 'group', index: 0 } as const;

describe('the data source form', () => {
  it('adds variables with fresh names, groups and specs', () => {
    let source = emptyDataSource();
    source = addVariable(source, group);
    source = addVariable(source, group);
    expect(source.groups[0]?.variables?.map((v) => v.fieldName)).toEqual(['field', 'field2']);
    source = addGroup(addSpec(addSpec(source)));
    expect(source.groups.map((g) => g.name)).toEqual(['Main', 'Group']);
    expect(source.dataSpecs.map((s) => s.id)).toEqual(['spec', 'spec2']);
  });

  it('a new field type keeps only what applies: a spec for maps and lists, a format for strings', () => {
    let source = addSpec(addVariable(emptyDataSource(), group));
    source = updateVariable(source, group, 0, { stringContentFormat: 'html' });
    expect(source.groups[0]?.variables?.[0]).toEqual({
      fieldName: 'field',
      fieldType: 'string',
      stringContentFormat: 'html',
    });
    source = updateVariable(source, group, 0, { fieldType: 'list' });
    expect(source.groups[0]?.variables?.[0]).toEqual({ fieldName: 'field', fieldType: 'list', specId: 'spec' });
    source = updateVariable(source, group, 0, { fieldType: 'number' });
    expect(source.groups[0]?.variables?.[0]).toEqual({ fieldName: 'field', fieldType: 'number' });
  });

  it('renaming a spec follows every reference; a used spec is in use', () => {
    let source = addSpec(addVariable(emptyDataSource(), group));
    source = updateVariable(source, group, 0, { fieldType: 'map' });
    source = renameSpec(source, 0, 'party');
    expect(source.groups[0]?.variables?.[0]?.specId).toBe('party');
    expect(source.dataSpecs[0]?.id).toBe('party');
    expect(specInUse(source, 'party')).toBe(true);
    expect(checkDataSource(source)).toEqual([]);
    expect(checkDataSource(removeSpec(source, 0))).toContainEqual({
      path: 'groups[0].variables[0].specId',
      reason: "unknown spec 'party'",
    });
  });

  it('lists names a template could not address, duplicates, and maps without a spec', () => {
    const source: OpenDataSource = {
      groups: [
        {
          name: 'A',
          variables: [
            { fieldName: '1st', fieldType: 'string' },
            { fieldName: 'x', fieldType: 'string' },
            { fieldName: 'x', fieldType: 'number' },
            { fieldName: 'm', fieldType: 'map' },
          ],
        },
      ],
      dataSpecs: [],
    };
    const paths = checkDataSource(source).map((issue) => issue.path);
    expect(paths).toEqual([
      'groups[0].variables[0].fieldName',
      'groups[0].variables[2].fieldName',
      'groups[0].variables[3].specId',
      'x',
    ]);
  });

  it('checks sample data against the data source, listing each mismatch', () => {
    const source: OpenDataSource = {
      groups: [
        {
          name: 'A',
          variables: [
            { fieldName: 'total', fieldType: 'number' },
            { fieldName: 'lines', fieldType: 'list', specId: 'line' },
          ],
        },
      ],
      dataSpecs: [{ id: 'line', variables: [{ fieldName: 'qty', fieldType: 'number' }] }],
    };
    expect(checkSample(source, { total: 3, lines: [{ qty: 1 }] })).toEqual([]);
    const issues = checkSample(source, { total: 'three', lines: [{ qty: 'x' }], extra: 1 });
    expect(issues.map((issue) => issue.path).sort()).toEqual(['extra', 'lines[0].qty', 'total']);
  });

  it('reads a stored data source, or starts from an empty one', () => {
    expect(dataSourceOf(null)).toEqual(emptyDataSource());
    expect(dataSourceOf({ groups: [{ name: 'G' }] })).toEqual({ groups: [{ name: 'G' }], dataSpecs: [] });
  });
});
