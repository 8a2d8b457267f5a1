/**
 * `/o/:teamId/docs/:docId/templates/:templateId`: a document's template opened in the app's own
 * editor through sync (issue 14). The document gets a workspace on this device linked to it (made
 * on first open, named like the document); its templates are pulled into that workspace, and the
 * editor opens the local copy of this one. Every save then goes through sync's outbox with its
 * version lock, exactly as for any synced workspace — offline edits included. The editor designs it
 * on the document's data source (its variables in the field list, its sample data in the preview),
 * kept on this device so an offline reopening still has it.
 */
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { QuireError } from '../../../core/errors';
import { getStorage } from '../../services/storage';
import { rememberLinked, startSync } from '../../services/sync/runtime';
import { serverApi } from '../../services/sync/server';
import { useServerToken } from '../../services/sync/useSync';
import { useErrorText } from '../useErrorText';
import { useDocsTranslation } from './i18n/useTranslation';
import { docHref, SignInFirst } from './shared';
import './docs.css';

/** The local id of a document's template, linking a workspace of this device to the document first. */
async function openDocTemplate(teamId: string, docId: string, templateId: string): Promise<string> {
  const runtime = await startSync();
  const link = await runtime.engine.db.bases.where('docId').equals(docId).first();
  if (!link) {
    const doc = await serverApi().docs.get(teamId, docId);
    const base = await (await getStorage()).bases.create({ name: doc.name });
    await runtime.bridge.linkBase({ baseId: base.id, teamId, docId, docName: doc.name });
    rememberLinked(true);
  } else {
    await runtime.engine.followDoc(docId);
    await runtime.engine.pull(docId);
  }
  await runtime.bridge.settled();
  runtime.kick();
  const localId = await runtime.bridge.localIdOf(templateId);
  if (!localId) throw new QuireError('NoTempalte', { detail: `template ${templateId} is not on this device yet` });
  return localId;
}

/** What the editor needs of the document: its name, data source and sample data. */
interface DocSourceForEditor {
  docName: string;
  dataSource: unknown;
  sampleData?: unknown;
}

const docSourceKey = (docId: string) => `platform.docSource:${docId}`;

/**
 * The document's data source as the server has it now, else as this device last read it; never read
 * (offline on a first open): none, and the editor opens on the workspace as before.
 */
async function loadDocSource(teamId: string, docId: string): Promise<DocSourceForEditor | undefined> {
  const settings = (await getStorage()).settings;
  try {
    const doc = await serverApi().docs.get(teamId, docId);
    const source: DocSourceForEditor = { docName: doc.name, dataSource: doc.dataSource, sampleData: doc.sampleData };
    await settings.set(docSourceKey(docId), source).catch(() => undefined);
    return source;
  } catch {
    return (await settings.get<DocSourceForEditor | null>(docSourceKey(docId), null)) ?? undefined;
  }
}

export function DocTemplateGate({
  editor,
}: {
  editor: (localId: string, backHref: string, doc: DocSourceForEditor | undefined) => ReactNode;
}) {
  const { teamId, docId, templateId } = useParams({ strict: false }) as {
    teamId: string;
    docId: string;
    templateId: string;
  };
  const { t } = useDocsTranslation();
  const errorText = useErrorText();
  const token = useServerToken();
  const [opened, setOpened] = useState<{ localId: string; doc: DocSourceForEditor | undefined } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    setOpened(null);
    Promise.all([openDocTemplate(teamId, docId, templateId), loadDocSource(teamId, docId)]).then(
      ([localId, doc]) => alive && setOpened({ localId, doc }),
      (failure) => alive && setError(errorText(failure)),
    );
    return () => {
      alive = false;
    };
  }, [token, teamId, docId, templateId, errorText]);

  if (opened) return <>{editor(opened.localId, docHref(teamId, docId), opened.doc)}</>;
  return (
    <section className="screen platform-screen docs-screen">
      <Link to="/o/$teamId/docs/$docId" params={{ teamId, docId }} className="muted">
        ← {t('backToDocument')}
      </Link>
      {!token ? <SignInFirst /> : error ? <p role="alert">{error}</p> : <p aria-busy="true">{t('openingTemplate')}</p>}
    </section>
  );
}
