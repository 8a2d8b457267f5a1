import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'Plantilla',
  recordLabel: 'Registro',
  workspaceGroup: 'Este espacio de trabajo',
  samplesGroup: 'Ejemplos',
  sampleData: 'Datos de ejemplo',
  noRecord: 'Sin registro (campos vacíos)',
  noTemplates: 'Aún no hay plantillas',
  fixtures: {
    invoice: 'Factura',
    'packing-slip': 'Albarán',
    'approval-form': 'Formulario de aprobación',
    contract: 'Contrato de servicios',
  },
  stage: {
    loading: 'Cargando la plantilla…',
    queued: 'Esperando al renderizador…',
    resolve: 'Rellenando los datos…',
    compile: 'Componiendo el PDF…',
    draw: 'Dibujando las páginas…',
  },
  renderedIn: 'Generado en {{ms}} ms',
  renderedInSeconds: 'Generado en {{seconds}} s',
  pageCount: 'Páginas: {{count}}',
  pageImage: 'Página {{n}} de {{total}}',
  pageText: 'Texto de la página {{n}}',
  cancel: 'Cancelar',
  cancelled: 'Se canceló la generación.',
  retry: 'Generar de nuevo',
  print: 'Imprimir',
  download: 'Descargar PDF',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  fitWidth: 'Ajustar al ancho',
  zoomLevel: 'Zoom {{percent}} %',
  viewTools: 'Vista',
  templateMissing: 'Esta plantilla no está en este espacio de trabajo. Elige otra.',
  fileName: 'Nombre del archivo',
  details: 'Detalles',
};

export default messages;
