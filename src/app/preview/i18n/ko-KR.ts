import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: '템플릿',
  recordLabel: '레코드',
  workspaceGroup: '이 작업 공간',
  samplesGroup: '샘플',
  sampleData: '샘플 데이터',
  noRecord: '레코드 없음(빈 필드)',
  noTemplates: '아직 템플릿이 없습니다',
  fixtures: {
    invoice: '청구서',
    'packing-slip': '포장 명세서',
    'approval-form': '결재 양식',
    contract: '서비스 계약서',
  },
  stage: {
    loading: '템플릿을 불러오는 중…',
    queued: '렌더러를 기다리는 중…',
    resolve: '데이터를 채우는 중…',
    compile: 'PDF를 조판하는 중…',
    draw: '페이지를 그리는 중…',
  },
  renderedIn: '{{ms}}ms 만에 렌더링됨',
  renderedInSeconds: '{{seconds}}초 만에 렌더링됨',
  pageCount: '페이지 수: {{count}}',
  pageImage: '{{total}}페이지 중 {{n}}페이지',
  pageText: '{{n}}페이지의 텍스트',
  cancel: '취소',
  cancelled: '렌더링이 취소되었습니다.',
  retry: '다시 렌더링',
  print: '인쇄',
  download: 'PDF 다운로드',
  zoomIn: '확대',
  zoomOut: '축소',
  fitWidth: '너비에 맞추기',
  zoomLevel: '확대/축소 {{percent}}%',
  viewTools: '보기',
  templateMissing: '이 작업 공간에 없는 템플릿입니다. 다른 템플릿을 선택하세요.',
  fileName: '파일 이름',
  details: '세부 정보',
};

export default messages;
