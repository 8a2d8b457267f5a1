/** de-DE strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'Ihre Teams',
  teamsIntro: 'Jedes Team hat Dokumente, Vorlagen und API-Schlüssel, mit denen seine eigenen Systeme rendern.',
  noTeams: 'Sie gehören noch keinem Team an.',
  apiKeysOf: 'API-Schlüssel',
  signInFirst: 'Melden Sie sich bei einem Quire-Server an, um Ihre Teams zu sehen.',
  signIn: 'Anmelden',
  loading: 'Wird geladen…',
  apiKeysTitle: 'API-Schlüssel',
  apiKeysIntro:
    'Mit einem Schlüssel kann ein anderes System über die Render-API Instanzen anlegen und Dokumente dieses Teams erzeugen. Senden Sie ihn als „Authorization: Bearer <key>“ oder „x-api-key“.',
  description: 'Beschreibung',
  descriptionHint: 'Welches System den Schlüssel nutzt, z. B. „Abrechnung“.',
  createKey: 'Schlüssel erstellen',
  newKeyTitle: 'Ihr neuer Schlüssel',
  newKeyOnce:
    'Kopieren Sie ihn jetzt: Er wird nur dieses eine Mal angezeigt. Quire speichert nur einen Fingerabdruck davon.',
  done: 'Fertig',
  noKeys: 'Dieses Team hat keine API-Schlüssel.',
  keyPrefix: 'Beginnt mit',
  created: 'Erstellt',
  lastUsed: 'Zuletzt verwendet',
  neverUsed: 'Nie',
  deleteKey: 'Löschen',
  deleteTitle: 'Diesen Schlüssel löschen?',
  deleteMessage:
    'Systeme, die „{{description}}“ verwenden, werden ab jetzt abgewiesen. Das lässt sich nicht rückgängig machen.',
  ownerOnly: 'Eigentümer und Admins des Teams können Schlüssel erstellen oder löschen.',
  keysReadOnly:
    'Sie sehen die Schlüssel dieses Teams; erstellen oder löschen können sie nur seine Eigentümer und Admins. Bitten Sie eine dieser Personen um einen Schlüssel.',
};

export default messages;
