import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'Mẫu',
  recordLabel: 'Bản ghi',
  workspaceGroup: 'Không gian làm việc này',
  samplesGroup: 'Mẫu có sẵn',
  sampleData: 'Dữ liệu mẫu',
  noRecord: 'Không có bản ghi (trường trống)',
  noTemplates: 'Chưa có mẫu nào',
  fixtures: {
    invoice: 'Hóa đơn',
    'packing-slip': 'Phiếu đóng gói',
    'approval-form': 'Phiếu phê duyệt',
    contract: 'Hợp đồng dịch vụ',
  },
  stage: {
    loading: 'Đang tải mẫu…',
    queued: 'Đang chờ bộ kết xuất…',
    resolve: 'Đang điền dữ liệu…',
    compile: 'Đang dàn trang PDF…',
    draw: 'Đang vẽ các trang…',
  },
  renderedIn: 'Đã kết xuất trong {{ms}} ms',
  renderedInSeconds: 'Đã kết xuất trong {{seconds}} giây',
  pageCount: 'Số trang: {{count}}',
  pageImage: 'Trang {{n}} / {{total}}',
  pageText: 'Nội dung chữ của trang {{n}}',
  cancel: 'Hủy',
  cancelled: 'Đã hủy kết xuất.',
  retry: 'Kết xuất lại',
  print: 'In',
  download: 'Tải PDF xuống',
  zoomIn: 'Phóng to',
  zoomOut: 'Thu nhỏ',
  fitWidth: 'Vừa chiều rộng',
  zoomLevel: 'Thu phóng {{percent}}%',
  viewTools: 'Xem',
  templateMissing: 'Mẫu này không có trong không gian làm việc. Hãy chọn mẫu khác.',
  fileName: 'Tên tệp',
  details: 'Chi tiết',
};

export default messages;
