import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'Modello',
  recordLabel: 'Record',
  workspaceGroup: 'Questo spazio di lavoro',
  samplesGroup: 'Esempi',
  sampleData: 'Dati di esempio',
  noRecord: 'Nessun record (campi vuoti)',
  noTemplates: 'Ancora nessun modello',
  fixtures: {
    invoice: 'Fattura',
    'packing-slip': 'Documento di trasporto',
    'approval-form': 'Modulo di approvazione',
    contract: 'Contratto di servizi',
  },
  stage: {
    loading: 'Caricamento del modello…',
    queued: 'In attesa del motore di rendering…',
    resolve: 'Inserimento dei dati…',
    compile: 'Composizione del PDF…',
    draw: 'Disegno delle pagine…',
  },
  renderedIn: 'Generato in {{ms}} ms',
  renderedInSeconds: 'Generato in {{seconds}} s',
  pageCount: 'Pagine: {{count}}',
  pageImage: 'Pagina {{n}} di {{total}}',
  pageText: 'Testo della pagina {{n}}',
  cancel: 'Annulla',
  cancelled: 'Generazione annullata.',
  retry: 'Genera di nuovo',
  print: 'Stampa',
  download: 'Scarica PDF',
  zoomIn: 'Ingrandisci',
  zoomOut: 'Riduci',
  fitWidth: 'Adatta alla larghezza',
  zoomLevel: 'Zoom {{percent}}%',
  viewTools: 'Vista',
  templateMissing: 'Questo modello non è in questo spazio di lavoro. Scegline un altro.',
  fileName: 'Nome del file',
  details: 'Dettagli',
};

export default messages;
