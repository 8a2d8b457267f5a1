/** pt-BR strings of the host screens (namespace `host`). */
const messages = {
  connecting: 'Conectando ao aplicativo anfitrião…',
  preparing: 'Preparando esta base…',
  waitingForTab: 'Outra aba está preparando esta base. Esta aba aguarda…',
  offline:
    'Offline: os dados do aplicativo anfitrião continuam chegando e os documentos são gerados neste dispositivo.',
  tables: {
    title: 'Tabelas desta base',
    empty: 'Esta base não tem tabelas.',
    current: 'Exibida agora no aplicativo anfitrião',
  },
  table: {
    fields_one: '{{count}} campo',
    fields_other: '{{count}} campos',
    capped: 'Os modelos podem usar os primeiros {{limit}} campos desta tabela.',
    records: 'Registros desta visualização',
    noRecords: 'Esta visualização não tem registros.',
    selected: 'Selecionado no aplicativo anfitrião',
    templates: 'Modelos',
    noTemplates: 'Nenhum modelo imprime esta tabela ainda.',
    newTemplate: 'Novo modelo',
    newTemplateName: 'Modelo para {{table}}',
    preview: 'Pré-visualizar',
    edit: 'Editar',
    allTables: 'Todas as tabelas',
    locked: 'A edição desta tabela está bloqueada: seus modelos abrem somente para leitura.',
    lock: 'Bloquear edição',
    unlock: 'Desbloquear edição',
    recordView: 'Visualização de registro',
    boardView: 'Visualização de quadro',
    onServer: 'Salvos no servidor e neste dispositivo.',
    deviceOnly: 'Salvos somente neste dispositivo. Entre em um servidor Quire para compartilhá-los com sua equipe.',
    serverUnreachable: 'Não é possível acessar o servidor: estas são as cópias deste dispositivo.',
  },
  preview: {
    template: 'Modelo',
    record: 'Registro',
    followsHost: 'Acompanha o registro selecionado no aplicativo anfitrião',
    noRecord: 'Nenhum registro selecionado no aplicativo anfitrião',
    noTemplate: 'Escolha um modelo para pré-visualizar.',
    rendering: 'Gerando o documento…',
    print: 'Imprimir',
    download: 'Baixar PDF',
    back: 'Voltar à tabela',
    pages_one: '{{count}} página',
    pages_other: '{{count}} páginas',
    pageImage: 'Página {{n}} de {{total}}',
    pageText: 'Texto da página {{n}}',
  },
  approval: {
    title: 'Aprovação {{code}}',
    instance: 'Solicitação {{code}}',
    noTemplates: 'Nenhum modelo imprime esta aprovação neste dispositivo ainda.',
    templates: 'Modelos desta aprovação',
  },
  entry: {
    title: 'Impressão de aprovações',
    opening: 'Abrindo a aprovação…',
    intro:
      'Abra o Quire a partir de uma aprovação no aplicativo de aprovações para imprimir suas solicitações, ou escolha uma aprovação salva neste dispositivo.',
    local: 'Aprovações neste dispositivo',
  },
  notice: {
    dismiss: 'Fechar',
  },
};

export default messages;
