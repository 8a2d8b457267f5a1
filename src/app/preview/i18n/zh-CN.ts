import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: '模板',
  recordLabel: '记录',
  workspaceGroup: '此工作区',
  samplesGroup: '示例',
  sampleData: '示例数据',
  noRecord: '无记录（字段为空）',
  noTemplates: '暂无模板',
  fixtures: {
    invoice: '发票',
    'packing-slip': '装箱单',
    'approval-form': '审批单',
    contract: '服务合同',
  },
  stage: {
    loading: '正在加载模板…',
    queued: '正在等待渲染器…',
    resolve: '正在填入数据…',
    compile: '正在排版 PDF…',
    draw: '正在绘制页面…',
  },
  renderedIn: '渲染耗时 {{ms}} 毫秒',
  renderedInSeconds: '渲染耗时 {{seconds}} 秒',
  pageCount: '页数：{{count}}',
  pageImage: '第 {{n}} 页，共 {{total}} 页',
  pageText: '第 {{n}} 页的文字',
  cancel: '取消',
  cancelled: '已取消渲染。',
  retry: '重新渲染',
  print: '打印',
  download: '下载 PDF',
  zoomIn: '放大',
  zoomOut: '缩小',
  fitWidth: '适应宽度',
  zoomLevel: '缩放 {{percent}}%',
  viewTools: '视图',
  templateMissing: '此工作区中没有该模板，请选择其他模板。',
  fileName: '文件名',
  details: '详情',
};

export default messages;
