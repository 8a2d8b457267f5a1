/** pt-BR strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'Suas equipes',
  teamsIntro:
    'Cada equipe tem documentos, modelos e chaves de API com as quais seus próprios sistemas geram documentos.',
  noTeams: 'Você ainda não faz parte de nenhuma equipe.',
  apiKeysOf: 'Chaves de API',
  signInFirst: 'Entre em um servidor Quire para ver suas equipes.',
  signIn: 'Entrar',
  loading: 'Carregando…',
  apiKeysTitle: 'Chaves de API',
  apiKeysIntro:
    'Uma chave permite que outro sistema crie instâncias e gere documentos desta equipe pela API de renderização. Envie-a como “Authorization: Bearer <key>” ou “x-api-key”.',
  description: 'Descrição',
  descriptionHint: 'Qual sistema usa a chave, por exemplo “Faturamento”.',
  createKey: 'Criar chave',
  newKeyTitle: 'Sua nova chave',
  newKeyOnce: 'Copie agora: ela só é mostrada desta vez. O Quire guarda apenas uma impressão digital dela.',
  done: 'Concluído',
  noKeys: 'Esta equipe não tem chaves de API.',
  keyPrefix: 'Começa com',
  created: 'Criada',
  lastUsed: 'Último uso',
  neverUsed: 'Nunca',
  deleteKey: 'Excluir',
  deleteTitle: 'Excluir esta chave?',
  deleteMessage: 'Os sistemas que usam “{{description}}” serão recusados a partir de agora. Não é possível desfazer.',
  ownerOnly: 'Proprietários e administradores da equipe podem criar ou excluir chaves.',
  keysReadOnly:
    'Você pode ver as chaves desta equipe; somente os proprietários e administradores podem criá-las ou excluí-las. Peça uma chave a um deles.',
};

export default messages;
