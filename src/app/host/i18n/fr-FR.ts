/** fr-FR strings of the host screens (namespace `host`). */
const messages = {
  connecting: 'Connexion à l’application hôte…',
  preparing: 'Préparation de cette base…',
  waitingForTab: 'Un autre onglet prépare cette base. Cet onglet l’attend…',
  offline:
    'Hors ligne : les données de l’application hôte arrivent toujours et les documents sont produits sur cet appareil.',
  tables: {
    title: 'Tables de cette base',
    empty: 'Cette base n’a aucune table.',
    current: 'Affichée maintenant dans l’application hôte',
  },
  table: {
    fields_one: '{{count}} champ',
    fields_other: '{{count}} champs',
    capped: 'Les modèles peuvent utiliser les {{limit}} premiers champs de cette table.',
    records: 'Enregistrements de cette vue',
    noRecords: 'Cette vue n’a aucun enregistrement.',
    selected: 'Sélectionné dans l’application hôte',
    templates: 'Modèles',
    noTemplates: 'Aucun modèle n’imprime encore cette table.',
    newTemplate: 'Nouveau modèle',
    newTemplateName: 'Modèle pour {{table}}',
    preview: 'Aperçu',
    edit: 'Modifier',
    allTables: 'Toutes les tables',
    locked: 'La modification de cette table est verrouillée : ses modèles s’ouvrent en lecture seule.',
    lock: 'Verrouiller la modification',
    unlock: 'Déverrouiller la modification',
    recordView: 'Vue fiche',
    boardView: 'Vue tableau',
    onServer: 'Enregistrés sur le serveur et sur cet appareil.',
    deviceOnly:
      'Enregistrés sur cet appareil uniquement. Connectez-vous à un serveur Quire pour les partager avec votre équipe.',
    serverUnreachable: 'Le serveur est injoignable : voici les copies de cet appareil.',
  },
  preview: {
    template: 'Modèle',
    record: 'Enregistrement',
    followsHost: 'Suit l’enregistrement sélectionné dans l’application hôte',
    noRecord: 'Aucun enregistrement sélectionné dans l’application hôte',
    noTemplate: 'Choisissez un modèle à prévisualiser.',
    rendering: 'Création du document…',
    print: 'Imprimer',
    download: 'Télécharger le PDF',
    back: 'Retour à la table',
    pages_one: '{{count}} page',
    pages_other: '{{count}} pages',
    pageImage: 'Page {{n}} sur {{total}}',
    pageText: 'Texte de la page {{n}}',
  },
  approval: {
    title: 'Approbation {{code}}',
    instance: 'Demande {{code}}',
    noTemplates: 'Aucun modèle n’imprime encore cette approbation sur cet appareil.',
    templates: 'Modèles de cette approbation',
  },
  entry: {
    title: 'Impression des approbations',
    opening: 'Ouverture de l’approbation…',
    intro:
      'Ouvrez Quire depuis une approbation dans l’application d’approbation pour imprimer ses demandes, ou choisissez une approbation enregistrée sur cet appareil.',
    local: 'Approbations sur cet appareil',
  },
  notice: {
    dismiss: 'Fermer',
  },
};

export default messages;
