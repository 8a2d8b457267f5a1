import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'เทมเพลต',
  recordLabel: 'ระเบียน',
  workspaceGroup: 'พื้นที่ทำงานนี้',
  samplesGroup: 'ตัวอย่าง',
  sampleData: 'ข้อมูลตัวอย่าง',
  noRecord: 'ไม่มีระเบียน (ช่องว่าง)',
  noTemplates: 'ยังไม่มีเทมเพลต',
  fixtures: {
    invoice: 'ใบแจ้งหนี้',
    'packing-slip': 'ใบแพ็กสินค้า',
    'approval-form': 'แบบฟอร์มอนุมัติ',
    contract: 'สัญญาบริการ',
  },
  stage: {
    loading: 'กำลังโหลดเทมเพลต…',
    queued: 'กำลังรอตัวเรนเดอร์…',
    resolve: 'กำลังใส่ข้อมูล…',
    compile: 'กำลังจัดหน้า PDF…',
    draw: 'กำลังวาดหน้า…',
  },
  renderedIn: 'เรนเดอร์ใน {{ms}} มิลลิวินาที',
  renderedInSeconds: 'เรนเดอร์ใน {{seconds}} วินาที',
  pageCount: 'จำนวนหน้า: {{count}}',
  pageImage: 'หน้า {{n}} จาก {{total}}',
  pageText: 'ข้อความของหน้า {{n}}',
  cancel: 'ยกเลิก',
  cancelled: 'ยกเลิกการเรนเดอร์แล้ว',
  retry: 'เรนเดอร์อีกครั้ง',
  print: 'พิมพ์',
  download: 'ดาวน์โหลด PDF',
  zoomIn: 'ขยาย',
  zoomOut: 'ย่อ',
  fitWidth: 'พอดีความกว้าง',
  zoomLevel: 'ซูม {{percent}}%',
  viewTools: 'มุมมอง',
  templateMissing: 'ไม่มีเทมเพลตนี้ในพื้นที่ทำงานนี้ โปรดเลือกเทมเพลตอื่น',
  fileName: 'ชื่อไฟล์',
  details: 'รายละเอียด',
};

export default messages;
