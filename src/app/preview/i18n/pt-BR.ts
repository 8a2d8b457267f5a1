import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'Modelo',
  recordLabel: 'Registro',
  workspaceGroup: 'Este espaço de trabalho',
  samplesGroup: 'Exemplos',
  sampleData: 'Dados de exemplo',
  noRecord: 'Nenhum registro (campos vazios)',
  noTemplates: 'Ainda não há modelos',
  fixtures: {
    invoice: 'Fatura',
    'packing-slip': 'Romaneio',
    'approval-form': 'Formulário de aprovação',
    contract: 'Contrato de serviços',
  },
  stage: {
    loading: 'Carregando o modelo…',
    queued: 'Aguardando o renderizador…',
    resolve: 'Preenchendo os dados…',
    compile: 'Compondo o PDF…',
    draw: 'Desenhando as páginas…',
  },
  renderedIn: 'Gerado em {{ms}} ms',
  renderedInSeconds: 'Gerado em {{seconds}} s',
  pageCount: 'Páginas: {{count}}',
  pageImage: 'Página {{n}} de {{total}}',
  pageText: 'Texto da página {{n}}',
  cancel: 'Cancelar',
  cancelled: 'A geração foi cancelada.',
  retry: 'Gerar novamente',
  print: 'Imprimir',
  download: 'Baixar PDF',
  zoomIn: 'Aumentar zoom',
  zoomOut: 'Diminuir zoom',
  fitWidth: 'Ajustar à largura',
  zoomLevel: 'Zoom {{percent}}%',
  viewTools: 'Visualização',
  templateMissing: 'Este modelo não está neste espaço de trabalho. Escolha outro.',
  fileName: 'Nome do arquivo',
  details: 'Detalhes',
};

export default messages;
