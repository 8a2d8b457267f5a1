/** es-ES strings of the host screens (namespace `host`). */
const messages = {
  connecting: 'Conectando con la aplicación anfitriona…',
  preparing: 'Preparando esta base…',
  waitingForTab: 'Otra pestaña está preparando esta base. Esta pestaña la espera…',
  offline:
    'Sin conexión: los datos de la aplicación anfitriona siguen llegando y los documentos se generan en este dispositivo.',
  tables: {
    title: 'Tablas de esta base',
    empty: 'Esta base no tiene tablas.',
    current: 'Mostrada ahora en la aplicación anfitriona',
  },
  table: {
    fields_one: '{{count}} campo',
    fields_other: '{{count}} campos',
    capped: 'Las plantillas pueden usar los primeros {{limit}} campos de esta tabla.',
    records: 'Registros de esta vista',
    noRecords: 'Esta vista no tiene registros.',
    selected: 'Seleccionado en la aplicación anfitriona',
    templates: 'Plantillas',
    noTemplates: 'Todavía ninguna plantilla imprime esta tabla.',
    newTemplate: 'Nueva plantilla',
    newTemplateName: 'Plantilla para {{table}}',
    preview: 'Vista previa',
    edit: 'Editar',
    allTables: 'Todas las tablas',
    locked: 'La edición de esta tabla está bloqueada: sus plantillas se abren en solo lectura.',
    lock: 'Bloquear la edición',
    unlock: 'Desbloquear la edición',
    recordView: 'Vista de registro',
    boardView: 'Vista de tablero',
    onServer: 'Guardadas en el servidor y en este dispositivo.',
    deviceOnly:
      'Guardadas solo en este dispositivo. Inicia sesión en un servidor de Quire para compartirlas con tu equipo.',
    serverUnreachable: 'No se puede conectar con el servidor: estas son las copias de este dispositivo.',
  },
  preview: {
    template: 'Plantilla',
    record: 'Registro',
    followsHost: 'Sigue el registro seleccionado en la aplicación anfitriona',
    noRecord: 'No hay ningún registro seleccionado en la aplicación anfitriona',
    noTemplate: 'Elija una plantilla para la vista previa.',
    rendering: 'Generando el documento…',
    print: 'Imprimir',
    download: 'Descargar PDF',
    back: 'Volver a la tabla',
    pages_one: '{{count}} página',
    pages_other: '{{count}} páginas',
    pageImage: 'Página {{n}} de {{total}}',
    pageText: 'Texto de la página {{n}}',
  },
  approval: {
    title: 'Aprobación {{code}}',
    instance: 'Solicitud {{code}}',
    noTemplates: 'Todavía ninguna plantilla imprime esta aprobación en este dispositivo.',
    templates: 'Plantillas de esta aprobación',
  },
  entry: {
    title: 'Impresión de aprobaciones',
    opening: 'Abriendo la aprobación…',
    intro:
      'Abre Quire desde una aprobación en la aplicación de aprobaciones para imprimir sus solicitudes, o elige una aprobación guardada en este dispositivo.',
    local: 'Aprobaciones en este dispositivo',
  },
  notice: {
    dismiss: 'Cerrar',
  },
};

export default messages;
