/** es-ES strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'Tus equipos',
  teamsIntro:
    'Cada equipo tiene documentos, plantillas y claves de API con las que sus propios sistemas generan documentos.',
  noTeams: 'Todavía no perteneces a ningún equipo.',
  apiKeysOf: 'Claves de API',
  signInFirst: 'Inicia sesión en un servidor Quire para ver tus equipos.',
  signIn: 'Iniciar sesión',
  loading: 'Cargando…',
  apiKeysTitle: 'Claves de API',
  apiKeysIntro:
    'Una clave permite a otro sistema crear instancias y generar documentos de este equipo mediante la API de renderizado. Envíala como «Authorization: Bearer <key>» o «x-api-key».',
  description: 'Descripción',
  descriptionHint: 'Qué sistema usa la clave, p. ej. «Facturación».',
  createKey: 'Crear clave',
  newKeyTitle: 'Tu nueva clave',
  newKeyOnce: 'Cópiala ahora: solo se muestra esta vez. Quire solo guarda una huella de ella.',
  done: 'Hecho',
  noKeys: 'Este equipo no tiene claves de API.',
  keyPrefix: 'Empieza por',
  created: 'Creada',
  lastUsed: 'Último uso',
  neverUsed: 'Nunca',
  deleteKey: 'Eliminar',
  deleteTitle: '¿Eliminar esta clave?',
  deleteMessage: 'Los sistemas que usan «{{description}}» serán rechazados a partir de ahora. No se puede deshacer.',
  ownerOnly: 'Los propietarios y administradores del equipo pueden crear o eliminar claves.',
  keysReadOnly:
    'Puedes ver las claves de este equipo; solo sus propietarios y administradores pueden crearlas o eliminarlas. Pídele una clave a alguno de ellos.',
};

export default messages;
