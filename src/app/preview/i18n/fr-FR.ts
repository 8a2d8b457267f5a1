import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'Modèle',
  recordLabel: 'Enregistrement',
  workspaceGroup: 'Cet espace de travail',
  samplesGroup: 'Exemples',
  sampleData: 'Données d’exemple',
  noRecord: 'Aucun enregistrement (champs vides)',
  noTemplates: 'Aucun modèle pour l’instant',
  fixtures: {
    invoice: 'Facture',
    'packing-slip': 'Bon de livraison',
    'approval-form': 'Formulaire d’approbation',
    contract: 'Contrat de services',
  },
  stage: {
    loading: 'Chargement du modèle…',
    queued: 'En attente du moteur de rendu…',
    resolve: 'Insertion des données…',
    compile: 'Composition du PDF…',
    draw: 'Dessin des pages…',
  },
  renderedIn: 'Généré en {{ms}} ms',
  renderedInSeconds: 'Généré en {{seconds}} s',
  pageCount: 'Pages : {{count}}',
  pageImage: 'Page {{n}} sur {{total}}',
  pageText: 'Texte de la page {{n}}',
  cancel: 'Annuler',
  cancelled: 'La génération a été annulée.',
  retry: 'Générer à nouveau',
  print: 'Imprimer',
  download: 'Télécharger le PDF',
  zoomIn: 'Zoom avant',
  zoomOut: 'Zoom arrière',
  fitWidth: 'Ajuster à la largeur',
  zoomLevel: 'Zoom {{percent}} %',
  viewTools: 'Affichage',
  templateMissing: 'Ce modèle n’est pas dans cet espace de travail. Choisissez-en un autre.',
  fileName: 'Nom du fichier',
  details: 'Détails',
};

export default messages;
