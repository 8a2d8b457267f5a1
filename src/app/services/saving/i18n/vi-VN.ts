import type { SavingMessages } from './en-US';

const viVN: SavingMessages = {
  status: {
    saved: 'Đã lưu',
    saving: 'Đang lưu…',
    failed: 'Chưa lưu',
    conflict: 'Đã thay đổi ở nơi khác',
    retry: 'Thử lại',
  },
  saving: {
    conflictTitle: 'Mẫu này đã được thay đổi ở tab khác',
    conflictIntro:
      'Một tab hoặc cửa sổ khác đã lưu mẫu này sau khi bạn bắt đầu gõ, nên thay đổi của bạn chưa được lưu. Chúng được giữ trên thiết bị này cho đến khi bạn chọn phiên bản muốn giữ.',
    theirs: 'Đã lưu ở tab khác',
    mine: 'Thay đổi chưa lưu của bạn',
    takeTheirs: 'Dùng bản của họ',
    keepMine: 'Giữ bản của tôi',
    keepCopy: 'Giữ bản của tôi thành bản sao',
    unchanged: '{{n}} phần khác giống nhau ở cả hai phiên bản hoặc không được hiển thị.',
    absent: 'Không có trong phiên bản này',
    noTextChanges: 'Văn bản giống nhau; chỉ bố cục hoặc cài đặt khác nhau.',
    copyName: '{{name}} (bản sao)',
    quota: 'Bộ nhớ đã đầy: các thay đổi mới nhất chưa được lưu.',
    unavailable: 'Bộ nhớ trình duyệt không khả dụng: các thay đổi mới nhất chưa được lưu.',
    bannerHelp: 'Hãy giữ tab này mở. Giải phóng dung lượng rồi nhấn Thử lại, hoặc tải xuống công việc chưa lưu.',
    download: 'Tải xuống công việc chưa lưu',
    leaveConfirm: 'Có thay đổi chưa được lưu. Vẫn rời đi?',
    leaveTitle: 'Thay đổi chưa được lưu',
    leave: 'Vẫn rời đi',
    stay: 'Ở lại',
  },
};

export default viVN;
