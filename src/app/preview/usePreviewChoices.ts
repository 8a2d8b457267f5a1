/**
 * What the preview screen prints, apart from its layout: the stored templates offered (one group per
 * table or approval), the chosen template (a stored one or a sample), its binding read through the
 * one binding service (`services/binding`: records or instances, their labels and print sources) and
 * the record chosen — the URL's first, else the binding's first.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PrintSource } from '../../core/print/sources';
import type { Storage } from '../../storage';
import type { TemplateRow } from '../../storage/types';
import {
  type BindingChoice,
  bindingChoices,
  bindingSource,
  type LoadedBinding,
  loadBinding,
} from '../services/binding';
import { EMPTY_SOURCE } from '../services/printing';
import { getStorage } from '../services/storage';
import {
  fixtureChoice,
  fixtureOf,
  groupTemplates,
  loadFixture,
  loadFixtureData,
  loadStoredTemplate,
  NO_RECORD,
  type PreviewTemplate,
  SAMPLE_RECORD,
  type TemplateGroup,
} from './sources';

interface PreviewChoicesInput {
  /** The route's table (`/baseplugin/t/$tableId/preview/…`). */
  routeTableId: string | undefined;
  /** The template the URL names (`$templateId` or `?template=`). */
  initialTemplate: string | undefined;
  /** The record or instance the URL names (`?record=`), chosen first when the binding has it. */
  initialRecord: string | undefined;
  /** Loading the chosen template failed (storage, a broken sample). */
  onError: (error: unknown) => void;
  /** The chosen template is not stored here. */
  onMissing: () => void;
}

interface PreviewChoices {
  /** The table or approval whose templates are offered; unset on the general print screen. */
  scope: string | undefined;
  groups: TemplateGroup[];
  choice: string;
  setChoice: (choice: string) => void;
  template: PreviewTemplate | undefined;
  missing: boolean;
  /** The chosen stored template's binding (undefined for a sample or while loading). */
  binding: LoadedBinding | undefined;
  /** The records or instances offered, labelled as everywhere. */
  choices: BindingChoice[];
  /** The record printed: the choice when the binding has it, else its first, else none. */
  record: string | undefined;
  recordChoice: string | undefined;
  setRecordChoice: (record: string) => void;
  /** Opened storage, unset for a sample (samples never wait for storage, nor render again when it opens). */
  storage: Storage | null;
  /** The print source of the record printed. */
  loadSource: () => Promise<PrintSource>;
}

export function usePreviewChoices(input: PreviewChoicesInput): PreviewChoices {
  const { routeTableId, initialTemplate } = input;
  // The callbacks report; a new one must not load the template again.
  const report = useRef(input);
  report.current = input;
  const [scope, setScope] = useState<string | undefined>(routeTableId);
  const [storage, setStorage] = useState<Storage | null>(null);
  const [groups, setGroups] = useState<TemplateGroup[]>([]);
  const [choice, setChoice] = useState<string>(() => initialTemplate ?? fixtureChoice('invoice'));
  const [recordChoice, setRecordChoice] = useState<string | undefined>(input.initialRecord);
  const [template, setTemplate] = useState<PreviewTemplate | undefined>();
  const [missing, setMissing] = useState(false);
  const [binding, setBinding] = useState<LoadedBinding | undefined>();

  // Samples need no storage: they must not wait for it, nor render again when it opens.
  const choiceStorage = fixtureOf(choice) ? null : storage;

  useEffect(() => {
    let alive = true;
    getStorage()
      .then(async (opened) => {
        const named = routeTableId || !initialTemplate ? undefined : await opened.templates.get(initialTemplate);
        const bound = routeTableId ?? named?.tableId;
        const rows: TemplateRow[] = await opened.templates.list(bound ? { tableId: bound } : {});
        const grouped = await groupTemplates(opened, rows, bound);
        if (!alive) return;
        setStorage(opened);
        setScope(bound);
        setGroups(grouped);
      })
      // Without local storage (blocked, private mode) the samples still preview.
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [routeTableId, initialTemplate]);

  // The chosen template's content, and for a stored one its binding (records or instances).
  useEffect(() => {
    let alive = true;
    const fixture = fixtureOf(choice);
    setMissing(false);
    (async () => {
      if (fixture) {
        const loaded = await loadFixture(fixture);
        if (!alive) return;
        setTemplate(loaded);
        setBinding(undefined);
        return;
      }
      if (!choiceStorage) return;
      const row = await choiceStorage.templates.get(choice);
      if (!alive) return;
      if (!row) {
        setTemplate(undefined);
        setMissing(true);
        report.current.onMissing();
        return;
      }
      const [loaded, bound] = await Promise.all([
        loadStoredTemplate(choiceStorage, row),
        loadBinding(choiceStorage, row.tableId || routeTableId),
      ]);
      if (!alive) return;
      setTemplate(loaded);
      setBinding(bound);
    })().catch((error: unknown) => alive && report.current.onError(error));
    return () => {
      alive = false;
    };
  }, [choice, choiceStorage, routeTableId]);

  const choices = useMemo(() => bindingChoices(binding), [binding]);
  const record = useMemo(() => {
    if (!template) return undefined;
    if (template.fixture) return SAMPLE_RECORD;
    if (recordChoice && (recordChoice === NO_RECORD || choices.some((c) => c.value === recordChoice)))
      return recordChoice;
    return choices[0]?.value ?? NO_RECORD;
  }, [template, recordChoice, choices]);

  const loadSource = useCallback(async (): Promise<PrintSource> => {
    if (!template) return EMPTY_SOURCE;
    if (template.fixture) return { kind: 'data', data: await loadFixtureData(template.fixture) };
    if (!choiceStorage || !binding) return EMPTY_SOURCE;
    if (binding.kind === 'approval')
      return bindingSource(choiceStorage, binding, record === NO_RECORD ? undefined : record);
    // An unbound template prints empty whatever table's route it is previewed on.
    if (!template.tableId || record === NO_RECORD) return EMPTY_SOURCE;
    return bindingSource(choiceStorage, binding, record);
  }, [template, choiceStorage, binding, record]);

  return {
    scope,
    groups,
    choice,
    setChoice,
    template,
    missing,
    binding,
    choices,
    record,
    recordChoice,
    setRecordChoice,
    storage: choiceStorage,
    loadSource,
  };
}
