/** it-IT strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'I tuoi team',
  teamsIntro: 'Ogni team ha documenti, modelli e chiavi API con cui i suoi sistemi generano documenti.',
  noTeams: 'Non fai ancora parte di nessun team.',
  apiKeysOf: 'Chiavi API',
  signInFirst: 'Accedi a un server Quire per vedere i tuoi team.',
  signIn: 'Accedi',
  loading: 'Caricamento…',
  apiKeysTitle: 'Chiavi API',
  apiKeysIntro:
    'Una chiave permette a un altro sistema di creare istanze e generare documenti di questo team tramite l’API di rendering. Inviala come «Authorization: Bearer <key>» o «x-api-key».',
  description: 'Descrizione',
  descriptionHint: 'Quale sistema usa la chiave, ad es. «Fatturazione».',
  createKey: 'Crea chiave',
  newKeyTitle: 'La tua nuova chiave',
  newKeyOnce: 'Copiala ora: viene mostrata solo questa volta. Quire ne conserva solo un’impronta.',
  done: 'Fatto',
  noKeys: 'Questo team non ha chiavi API.',
  keyPrefix: 'Inizia con',
  created: 'Creata',
  lastUsed: 'Ultimo utilizzo',
  neverUsed: 'Mai',
  deleteKey: 'Elimina',
  deleteTitle: 'Eliminare questa chiave?',
  deleteMessage:
    'I sistemi che usano «{{description}}» saranno rifiutati da ora in poi. L’operazione non si può annullare.',
  ownerOnly: 'I proprietari e gli amministratori del team possono creare o eliminare chiavi.',
  keysReadOnly:
    'Puoi vedere le chiavi di questo team; solo i suoi proprietari e amministratori possono crearle o eliminarle. Chiedi una chiave a uno di loro.',
};

export default messages;
