/** zh-TW strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: '你的團隊',
  teamsIntro: '每個團隊都有文件、範本和 API 金鑰，供其自有系統產生文件。',
  noTeams: '你還沒有加入任何團隊。',
  apiKeysOf: 'API 金鑰',
  signInFirst: '登入 Quire 伺服器以查看你的團隊。',
  signIn: '登入',
  loading: '載入中…',
  apiKeysTitle: 'API 金鑰',
  apiKeysIntro:
    '金鑰讓其他系統透過算繪 API 建立本團隊的執行個體並產生文件。請以「Authorization: Bearer <key>」或「x-api-key」傳送。',
  description: '說明',
  descriptionHint: '使用此金鑰的系統，例如「帳務」。',
  createKey: '建立金鑰',
  newKeyTitle: '你的新金鑰',
  newKeyOnce: '請立即複製：它只會顯示這一次。Quire 只保存它的指紋。',
  done: '完成',
  noKeys: '此團隊沒有 API 金鑰。',
  keyPrefix: '開頭',
  created: '建立時間',
  lastUsed: '上次使用',
  neverUsed: '從未',
  deleteKey: '刪除',
  deleteTitle: '刪除此金鑰？',
  deleteMessage: '使用「{{description}}」的系統從現在起將被拒絕。此動作無法復原。',
  ownerOnly: '團隊擁有者和管理員可以建立或刪除金鑰。',
  keysReadOnly: '你可以查看此團隊的金鑰；只有擁有者和管理員可以建立或刪除金鑰。如需金鑰，請向他們索取。',
};

export default messages;
