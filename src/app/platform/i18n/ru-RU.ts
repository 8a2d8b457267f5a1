/** ru-RU strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'Ваши команды',
  teamsIntro: 'У каждой команды есть документы, шаблоны и API-ключи, с которыми её системы формируют документы.',
  noTeams: 'Вы пока не состоите ни в одной команде.',
  apiKeysOf: 'API-ключи',
  signInFirst: 'Войдите на сервер Quire, чтобы увидеть свои команды.',
  signIn: 'Войти',
  loading: 'Загрузка…',
  apiKeysTitle: 'API-ключи',
  apiKeysIntro:
    'Ключ позволяет другой системе создавать экземпляры и формировать документы этой команды через API рендеринга. Передавайте его как «Authorization: Bearer <key>» или «x-api-key».',
  description: 'Описание',
  descriptionHint: 'Какая система использует ключ, например «Биллинг».',
  createKey: 'Создать ключ',
  newKeyTitle: 'Ваш новый ключ',
  newKeyOnce: 'Скопируйте его сейчас: он показывается только один раз. Quire хранит лишь его отпечаток.',
  done: 'Готово',
  noKeys: 'У этой команды нет API-ключей.',
  keyPrefix: 'Начинается с',
  created: 'Создан',
  lastUsed: 'Последнее использование',
  neverUsed: 'Никогда',
  deleteKey: 'Удалить',
  deleteTitle: 'Удалить этот ключ?',
  deleteMessage: 'Системы, использующие «{{description}}», с этого момента будут получать отказ. Это нельзя отменить.',
  ownerOnly: 'Создавать и удалять ключи могут владельцы и администраторы команды.',
  keysReadOnly:
    'Вы видите ключи этой команды; создавать и удалять их могут только её владельцы и администраторы. Попросите ключ у одного из них.',
};

export default messages;
