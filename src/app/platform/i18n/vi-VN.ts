/** vi-VN strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'Nhóm của bạn',
  teamsIntro: 'Mỗi nhóm có tài liệu, mẫu và khóa API để hệ thống của nhóm tạo tài liệu.',
  noTeams: 'Bạn chưa thuộc nhóm nào.',
  apiKeysOf: 'Khóa API',
  signInFirst: 'Đăng nhập vào máy chủ Quire để xem các nhóm của bạn.',
  signIn: 'Đăng nhập',
  loading: 'Đang tải…',
  apiKeysTitle: 'Khóa API',
  apiKeysIntro:
    'Khóa cho phép hệ thống khác tạo bản ghi và xuất tài liệu của nhóm này qua API kết xuất. Gửi khóa dưới dạng “Authorization: Bearer <key>” hoặc “x-api-key”.',
  description: 'Mô tả',
  descriptionHint: 'Hệ thống nào dùng khóa, ví dụ “Thanh toán”.',
  createKey: 'Tạo khóa',
  newKeyTitle: 'Khóa mới của bạn',
  newKeyOnce: 'Hãy sao chép ngay: khóa chỉ hiện một lần này. Quire chỉ lưu dấu vân tay của khóa.',
  done: 'Xong',
  noKeys: 'Nhóm này chưa có khóa API.',
  keyPrefix: 'Bắt đầu bằng',
  created: 'Ngày tạo',
  lastUsed: 'Lần dùng cuối',
  neverUsed: 'Chưa bao giờ',
  deleteKey: 'Xóa',
  deleteTitle: 'Xóa khóa này?',
  deleteMessage: 'Các hệ thống dùng “{{description}}” sẽ bị từ chối từ bây giờ. Không thể hoàn tác.',
  ownerOnly: 'Chủ sở hữu và quản trị viên của nhóm có thể tạo hoặc xóa khóa.',
  keysReadOnly:
    'Bạn xem được các khóa của nhóm này; chỉ chủ sở hữu và quản trị viên mới có thể tạo hoặc xóa khóa. Hãy xin khóa từ một người trong số họ.',
};

export default messages;
