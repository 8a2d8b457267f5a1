import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'テンプレート',
  recordLabel: 'レコード',
  workspaceGroup: 'このワークスペース',
  samplesGroup: 'サンプル',
  sampleData: 'サンプルデータ',
  noRecord: 'レコードなし（空のフィールド）',
  noTemplates: 'テンプレートはまだありません',
  fixtures: {
    invoice: '請求書',
    'packing-slip': '納品書',
    'approval-form': '稟議書',
    contract: '業務委託契約書',
  },
  stage: {
    loading: 'テンプレートを読み込み中…',
    queued: 'レンダラーを待機中…',
    resolve: 'データを差し込み中…',
    compile: 'PDF を組版中…',
    draw: 'ページを描画中…',
  },
  renderedIn: '{{ms}} ミリ秒で作成',
  renderedInSeconds: '{{seconds}} 秒で作成',
  pageCount: 'ページ数：{{count}}',
  pageImage: '{{total}} ページ中 {{n}} ページ',
  pageText: '{{n}} ページ目のテキスト',
  cancel: 'キャンセル',
  cancelled: '作成をキャンセルしました。',
  retry: 'もう一度作成',
  print: '印刷',
  download: 'PDF をダウンロード',
  zoomIn: '拡大',
  zoomOut: '縮小',
  fitWidth: '幅に合わせる',
  zoomLevel: 'ズーム {{percent}}%',
  viewTools: '表示',
  templateMissing: 'このテンプレートはこのワークスペースにありません。別のテンプレートを選んでください。',
  fileName: 'ファイル名',
  details: '詳細',
};

export default messages;
