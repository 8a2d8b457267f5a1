import type { SavingMessages } from './en-US';

const jaJP: SavingMessages = {
  status: {
    saved: '保存済み',
    saving: '保存中…',
    failed: '未保存',
    conflict: '他の場所で変更されました',
    retry: '再試行',
  },
  saving: {
    conflictTitle: 'このテンプレートは別のタブで変更されました',
    conflictIntro:
      '入力を始めた後に、別のタブまたはウィンドウがこのテンプレートを保存したため、変更はまだ保存されていません。どのバージョンを残すか選ぶまで、この端末に保持されます。',
    theirs: '別のタブで保存済み',
    mine: '未保存の変更',
    takeTheirs: '相手の版を使う',
    keepMine: '自分の版を残す',
    keepCopy: '自分の版をコピーとして残す',
    unchanged: 'ほかの {{n}} 件は両方で同じか、表示されていません。',
    absent: 'この版にはありません',
    noTextChanges: 'テキストは同じで、レイアウトや設定だけが異なります。',
    copyName: '{{name}}（コピー）',
    quota: 'ストレージがいっぱいです。最新の変更は保存されていません。',
    unavailable: 'ブラウザーのストレージを利用できません。最新の変更は保存されていません。',
    bannerHelp:
      'このタブを開いたままにしてください。空き容量を確保して再試行するか、未保存の作業をダウンロードしてください。',
    download: '未保存の作業をダウンロード',
    leaveConfirm: '保存されていない変更があります。移動しますか？',
    leaveTitle: '変更が保存されていません',
    leave: '移動する',
    stay: 'このページに留まる',
  },
};

export default jaJP;
