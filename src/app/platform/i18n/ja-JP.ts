/** ja-JP strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'あなたのチーム',
  teamsIntro: '各チームには、自社システムが文書を生成するためのドキュメント、テンプレート、API キーがあります。',
  noTeams: 'まだどのチームにも所属していません。',
  apiKeysOf: 'API キー',
  signInFirst: 'チームを表示するには Quire サーバーにサインインしてください。',
  signIn: 'サインイン',
  loading: '読み込み中…',
  apiKeysTitle: 'API キー',
  apiKeysIntro:
    'キーを使うと、別のシステムがレンダー API 経由でこのチームのインスタンスを作成し、文書を生成できます。「Authorization: Bearer <key>」または「x-api-key」で送信してください。',
  description: '説明',
  descriptionHint: 'キーを使うシステム（例：「請求」）。',
  createKey: 'キーを作成',
  newKeyTitle: '新しいキー',
  newKeyOnce: '今すぐコピーしてください。表示されるのはこの一度だけです。Quire はその指紋だけを保存します。',
  done: '完了',
  noKeys: 'このチームには API キーがありません。',
  keyPrefix: '先頭',
  created: '作成日時',
  lastUsed: '最終使用',
  neverUsed: '未使用',
  deleteKey: '削除',
  deleteTitle: 'このキーを削除しますか？',
  deleteMessage: '「{{description}}」を使うシステムは今後拒否されます。元に戻せません。',
  ownerOnly: 'キーの作成と削除はチームのオーナーと管理者が行えます。',
  keysReadOnly:
    'このチームのキーを表示できます。キーの作成と削除はオーナーと管理者だけが行えます。キーが必要な場合はそのいずれかに依頼してください。',
};

export default messages;
