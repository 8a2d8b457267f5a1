import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'Vorlage',
  recordLabel: 'Datensatz',
  workspaceGroup: 'Dieser Arbeitsbereich',
  samplesGroup: 'Beispiele',
  sampleData: 'Beispieldaten',
  noRecord: 'Kein Datensatz (leere Felder)',
  noTemplates: 'Noch keine Vorlagen',
  fixtures: {
    invoice: 'Rechnung',
    'packing-slip': 'Lieferschein',
    'approval-form': 'Genehmigungsformular',
    contract: 'Dienstleistungsvertrag',
  },
  stage: {
    loading: 'Vorlage wird geladen…',
    queued: 'Warten auf den Renderer…',
    resolve: 'Daten werden eingesetzt…',
    compile: 'PDF wird gesetzt…',
    draw: 'Seiten werden gezeichnet…',
  },
  renderedIn: 'In {{ms}} ms erstellt',
  renderedInSeconds: 'In {{seconds}} s erstellt',
  pageCount: 'Seiten: {{count}}',
  pageImage: 'Seite {{n}} von {{total}}',
  pageText: 'Text von Seite {{n}}',
  cancel: 'Abbrechen',
  cancelled: 'Erstellen wurde abgebrochen.',
  retry: 'Erneut erstellen',
  print: 'Drucken',
  download: 'PDF herunterladen',
  zoomIn: 'Vergrößern',
  zoomOut: 'Verkleinern',
  fitWidth: 'An Breite anpassen',
  zoomLevel: 'Zoom {{percent}} %',
  viewTools: 'Ansicht',
  templateMissing: 'Diese Vorlage ist nicht in diesem Arbeitsbereich. Bitte wählen Sie eine andere.',
  fileName: 'Dateiname',
  details: 'Details',
};

export default messages;
