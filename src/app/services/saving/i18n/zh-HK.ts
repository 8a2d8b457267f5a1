import type { SavingMessages } from './en-US';

const zhHK: SavingMessages = {
  status: {
    saved: '已儲存',
    saving: '正在儲存…',
    failed: '未儲存',
    conflict: '已在別處更改',
    retry: '重試',
  },
  saving: {
    conflictTitle: '此範本已在另一個分頁中更改',
    conflictIntro:
      '在你開始輸入後，另一個分頁或視窗儲存了此範本，因此你的更改尚未儲存。在你選擇保留哪個版本之前，它們會保存在此裝置上。',
    theirs: '已在另一個分頁儲存',
    mine: '你未儲存的更改',
    takeTheirs: '採用對方版本',
    keepMine: '保留我的版本',
    keepCopy: '將我的版本另存為副本',
    unchanged: '另有 {{n}} 個部分兩個版本相同或未顯示。',
    absent: '此版本中沒有',
    noTextChanges: '文字相同，只有版面或設定不同。',
    copyName: '{{name}}（副本）',
    quota: '儲存空間已滿：最近的更改尚未儲存。',
    unavailable: '瀏覽器儲存空間無法使用：最近的更改尚未儲存。',
    bannerHelp: '請保持此分頁開啟。釋放磁碟空間後按重試，或下載未儲存的內容。',
    download: '下載未儲存的內容',
    leaveConfirm: '有更改尚未儲存。仍要離開嗎？',
    leaveTitle: '更改尚未儲存',
    leave: '仍然離開',
    stay: '留在此頁',
  },
};

export default zhHK;
