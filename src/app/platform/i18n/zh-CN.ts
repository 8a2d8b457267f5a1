/** zh-CN strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: '你的团队',
  teamsIntro: '每个团队都有文档、模板和 API 密钥，供其自有系统生成文档。',
  noTeams: '你还没有加入任何团队。',
  apiKeysOf: 'API 密钥',
  signInFirst: '登录 Quire 服务器以查看你的团队。',
  signIn: '登录',
  loading: '加载中…',
  apiKeysTitle: 'API 密钥',
  apiKeysIntro:
    '密钥让其他系统通过渲染 API 创建本团队的实例并生成文档。请以“Authorization: Bearer <key>”或“x-api-key”发送。',
  description: '描述',
  descriptionHint: '使用此密钥的系统，例如“账单”。',
  createKey: '创建密钥',
  newKeyTitle: '你的新密钥',
  newKeyOnce: '请立即复制：它只显示这一次。Quire 只保存它的指纹。',
  done: '完成',
  noKeys: '此团队没有 API 密钥。',
  keyPrefix: '开头',
  created: '创建时间',
  lastUsed: '上次使用',
  neverUsed: '从未',
  deleteKey: '删除',
  deleteTitle: '删除此密钥？',
  deleteMessage: '使用“{{description}}”的系统从现在起将被拒绝。此操作无法撤销。',
  ownerOnly: '团队所有者和管理员可以创建或删除密钥。',
  keysReadOnly: '你可以查看此团队的密钥；只有所有者和管理员可以创建或删除密钥。如需密钥，请向他们索取。',
};

export default messages;
