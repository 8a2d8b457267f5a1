/** fr-FR strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'Vos équipes',
  teamsIntro:
    'Chaque équipe a des documents, des modèles et des clés d’API avec lesquelles ses propres systèmes génèrent des documents.',
  noTeams: 'Vous n’appartenez encore à aucune équipe.',
  apiKeysOf: 'Clés d’API',
  signInFirst: 'Connectez-vous à un serveur Quire pour voir vos équipes.',
  signIn: 'Se connecter',
  loading: 'Chargement…',
  apiKeysTitle: 'Clés d’API',
  apiKeysIntro:
    'Une clé permet à un autre système de créer des instances et de générer les documents de cette équipe via l’API de rendu. Envoyez-la en « Authorization: Bearer <key> » ou « x-api-key ».',
  description: 'Description',
  descriptionHint: 'Quel système utilise la clé, p. ex. « Facturation ».',
  createKey: 'Créer une clé',
  newKeyTitle: 'Votre nouvelle clé',
  newKeyOnce: 'Copiez-la maintenant : elle n’est affichée qu’une seule fois. Quire n’en garde qu’une empreinte.',
  done: 'Terminé',
  noKeys: 'Cette équipe n’a aucune clé d’API.',
  keyPrefix: 'Commence par',
  created: 'Créée',
  lastUsed: 'Dernière utilisation',
  neverUsed: 'Jamais',
  deleteKey: 'Supprimer',
  deleteTitle: 'Supprimer cette clé ?',
  deleteMessage:
    'Les systèmes qui utilisent « {{description}} » seront refusés désormais. Cette action est définitive.',
  ownerOnly: 'Les propriétaires et administrateurs de l’équipe peuvent créer ou supprimer des clés.',
  keysReadOnly:
    'Vous voyez les clés de cette équipe ; seuls ses propriétaires et administrateurs peuvent en créer ou en supprimer. Demandez une clé à l’un d’eux.',
};

export default messages;
