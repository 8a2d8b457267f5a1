import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: '範本',
  recordLabel: '記錄',
  workspaceGroup: '此工作區',
  samplesGroup: '範例',
  sampleData: '範例資料',
  noRecord: '無記錄（欄位為空）',
  noTemplates: '尚無範本',
  fixtures: {
    invoice: '發票',
    'packing-slip': '裝箱單',
    'approval-form': '審批單',
    contract: '服務合約',
  },
  stage: {
    loading: '正在載入範本…',
    queued: '正在等待轉譯器…',
    resolve: '正在填入資料…',
    compile: '正在排版 PDF…',
    draw: '正在繪製頁面…',
  },
  renderedIn: '轉譯耗時 {{ms}} 毫秒',
  renderedInSeconds: '轉譯耗時 {{seconds}} 秒',
  pageCount: '頁數：{{count}}',
  pageImage: '第 {{n}} 頁，共 {{total}} 頁',
  pageText: '第 {{n}} 頁的文字',
  cancel: '取消',
  cancelled: '已取消轉譯。',
  retry: '重新轉譯',
  print: '列印',
  download: '下載 PDF',
  zoomIn: '放大',
  zoomOut: '縮小',
  fitWidth: '符合寬度',
  zoomLevel: '縮放 {{percent}}%',
  viewTools: '檢視',
  templateMissing: '此工作區中沒有這個範本，請選擇其他範本。',
  fileName: '檔案名稱',
  details: '詳細資料',
};

export default messages;
