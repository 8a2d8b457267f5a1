/** th-TH strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'ทีมของคุณ',
  teamsIntro: 'แต่ละทีมมีเอกสาร เทมเพลต และคีย์ API ที่ระบบของทีมใช้สร้างเอกสาร',
  noTeams: 'คุณยังไม่ได้อยู่ในทีมใด',
  apiKeysOf: 'คีย์ API',
  signInFirst: 'ลงชื่อเข้าใช้เซิร์ฟเวอร์ Quire เพื่อดูทีมของคุณ',
  signIn: 'ลงชื่อเข้าใช้',
  loading: 'กำลังโหลด…',
  apiKeysTitle: 'คีย์ API',
  apiKeysIntro:
    'คีย์ช่วยให้ระบบอื่นสร้างอินสแตนซ์และสร้างเอกสารของทีมนี้ผ่าน API การเรนเดอร์ ส่งเป็น “Authorization: Bearer <key>” หรือ “x-api-key”',
  description: 'คำอธิบาย',
  descriptionHint: 'ระบบที่ใช้คีย์ เช่น “การเรียกเก็บเงิน”',
  createKey: 'สร้างคีย์',
  newKeyTitle: 'คีย์ใหม่ของคุณ',
  newKeyOnce: 'คัดลอกตอนนี้: คีย์จะแสดงเพียงครั้งนี้ครั้งเดียว Quire เก็บไว้เพียงลายนิ้วมือของคีย์',
  done: 'เสร็จสิ้น',
  noKeys: 'ทีมนี้ไม่มีคีย์ API',
  keyPrefix: 'ขึ้นต้นด้วย',
  created: 'สร้างเมื่อ',
  lastUsed: 'ใช้ล่าสุด',
  neverUsed: 'ไม่เคย',
  deleteKey: 'ลบ',
  deleteTitle: 'ลบคีย์นี้หรือไม่',
  deleteMessage: 'ระบบที่ใช้ “{{description}}” จะถูกปฏิเสธตั้งแต่นี้ไป ยกเลิกการกระทำนี้ไม่ได้',
  ownerOnly: 'เจ้าของและผู้ดูแลทีมสร้างหรือลบคีย์ได้',
  keysReadOnly: 'คุณดูคีย์ของทีมนี้ได้ แต่มีเพียงเจ้าของและผู้ดูแลทีมที่สร้างหรือลบคีย์ได้ ขอคีย์จากหนึ่งในนั้น',
};

export default messages;
