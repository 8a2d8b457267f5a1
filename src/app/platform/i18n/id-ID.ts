/** id-ID strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: 'Tim Anda',
  teamsIntro:
    'Setiap tim memiliki dokumen, templat, dan kunci API yang dipakai sistemnya sendiri untuk membuat dokumen.',
  noTeams: 'Anda belum bergabung dengan tim mana pun.',
  apiKeysOf: 'Kunci API',
  signInFirst: 'Masuk ke server Quire untuk melihat tim Anda.',
  signIn: 'Masuk',
  loading: 'Memuat…',
  apiKeysTitle: 'Kunci API',
  apiKeysIntro:
    'Kunci memungkinkan sistem lain membuat instans dan menghasilkan dokumen tim ini melalui API render. Kirim sebagai “Authorization: Bearer <key>” atau “x-api-key”.',
  description: 'Deskripsi',
  descriptionHint: 'Sistem yang memakai kunci, mis. “Penagihan”.',
  createKey: 'Buat kunci',
  newKeyTitle: 'Kunci baru Anda',
  newKeyOnce: 'Salin sekarang: kunci hanya ditampilkan kali ini. Quire hanya menyimpan sidik jarinya.',
  done: 'Selesai',
  noKeys: 'Tim ini tidak memiliki kunci API.',
  keyPrefix: 'Diawali dengan',
  created: 'Dibuat',
  lastUsed: 'Terakhir dipakai',
  neverUsed: 'Belum pernah',
  deleteKey: 'Hapus',
  deleteTitle: 'Hapus kunci ini?',
  deleteMessage:
    'Sistem yang memakai “{{description}}” akan ditolak mulai sekarang. Tindakan ini tidak dapat dibatalkan.',
  ownerOnly: 'Pemilik dan admin tim dapat membuat atau menghapus kunci.',
  keysReadOnly:
    'Anda dapat melihat kunci tim ini; hanya pemilik dan admin tim yang dapat membuat atau menghapusnya. Mintalah kunci kepada salah satu dari mereka.',
};

export default messages;
