/** de-DE strings of the host screens (namespace `host`). */
const messages = {
  connecting: 'Verbindung zur Host-App wird hergestellt…',
  preparing: 'Diese Base wird vorbereitet…',
  waitingForTab: 'Ein anderer Tab bereitet diese Base gerade vor. Dieser Tab wartet darauf…',
  offline: 'Offline: Die Daten der Host-App kommen weiterhin an, und Dokumente entstehen auf diesem Gerät.',
  tables: {
    title: 'Tabellen dieser Base',
    empty: 'Diese Base hat keine Tabellen.',
    current: 'Gerade in der Host-App angezeigt',
  },
  table: {
    fields_one: '{{count}} Feld',
    fields_other: '{{count}} Felder',
    capped: 'Vorlagen können die ersten {{limit}} Felder dieser Tabelle verwenden.',
    records: 'Datensätze in dieser Ansicht',
    noRecords: 'Diese Ansicht hat keine Datensätze.',
    selected: 'In der Host-App ausgewählt',
    templates: 'Vorlagen',
    noTemplates: 'Noch keine Vorlage druckt diese Tabelle.',
    newTemplate: 'Neue Vorlage',
    newTemplateName: 'Vorlage für {{table}}',
    preview: 'Vorschau',
    edit: 'Bearbeiten',
    allTables: 'Alle Tabellen',
    locked: 'Die Bearbeitung dieser Tabelle ist gesperrt: Ihre Vorlagen öffnen sich schreibgeschützt.',
    lock: 'Bearbeitung sperren',
    unlock: 'Bearbeitung entsperren',
    recordView: 'Datensatzansicht',
    boardView: 'Tafelansicht',
    onServer: 'Auf dem Server und auf diesem Gerät gespeichert.',
    deviceOnly:
      'Nur auf diesem Gerät gespeichert. Melden Sie sich bei einem Quire-Server an, um sie mit Ihrem Team zu teilen.',
    serverUnreachable: 'Der Server ist nicht erreichbar: Dies sind die Kopien auf diesem Gerät.',
  },
  preview: {
    template: 'Vorlage',
    record: 'Datensatz',
    followsHost: 'Folgt dem in der Host-App ausgewählten Datensatz',
    noRecord: 'In der Host-App ist kein Datensatz ausgewählt',
    noTemplate: 'Wählen Sie eine Vorlage für die Vorschau.',
    rendering: 'Dokument wird erstellt…',
    print: 'Drucken',
    download: 'PDF herunterladen',
    back: 'Zurück zur Tabelle',
    pages_one: '{{count}} Seite',
    pages_other: '{{count}} Seiten',
    pageImage: 'Seite {{n}} von {{total}}',
    pageText: 'Text der Seite {{n}}',
  },
  approval: {
    title: 'Genehmigung {{code}}',
    instance: 'Vorgang {{code}}',
    noTemplates: 'Auf diesem Gerät druckt noch keine Vorlage diese Genehmigung.',
    templates: 'Vorlagen dieser Genehmigung',
  },
  entry: {
    title: 'Genehmigungen drucken',
    opening: 'Genehmigung wird geöffnet…',
    intro:
      'Öffnen Sie Quire aus einer Genehmigung in der Genehmigungs-App, um ihre Vorgänge zu drucken, oder wählen Sie eine auf diesem Gerät gespeicherte Genehmigung.',
    local: 'Genehmigungen auf diesem Gerät',
  },
  notice: {
    dismiss: 'Schließen',
  },
};

export default messages;
