import type { SavingMessages } from './en-US';

const idID: SavingMessages = {
  status: {
    saved: 'Tersimpan',
    saving: 'Menyimpan…',
    failed: 'Tidak tersimpan',
    conflict: 'Diubah di tempat lain',
    retry: 'Coba lagi',
  },
  saving: {
    conflictTitle: 'Template ini diubah di tab lain',
    conflictIntro:
      'Tab atau jendela lain menyimpan template ini setelah Anda mulai mengetik, jadi perubahan Anda belum tersimpan. Perubahan tetap ada di perangkat ini sampai Anda memilih versi yang dipertahankan.',
    theirs: 'Disimpan di tab lain',
    mine: 'Perubahan Anda yang belum disimpan',
    takeTheirs: 'Ambil milik mereka',
    keepMine: 'Pertahankan milik saya',
    keepCopy: 'Simpan milik saya sebagai salinan',
    unchanged: '{{n}} bagian lain sama di kedua versi atau tidak ditampilkan.',
    absent: 'Tidak ada di versi ini',
    noTextChanges: 'Teksnya sama; hanya tata letak atau pengaturan yang berbeda.',
    copyName: '{{name}} (salinan)',
    quota: 'Penyimpanan penuh: perubahan terakhir Anda belum disimpan.',
    unavailable: 'Penyimpanan browser tidak tersedia: perubahan terakhir Anda belum disimpan.',
    bannerHelp:
      'Biarkan tab ini terbuka. Kosongkan ruang disk lalu tekan Coba lagi, atau unduh pekerjaan yang belum disimpan.',
    download: 'Unduh pekerjaan yang belum disimpan',
    leaveConfirm: 'Ada perubahan yang belum disimpan. Tetap keluar?',
    leaveTitle: 'Perubahan belum disimpan',
    leave: 'Tetap keluar',
    stay: 'Tetap di sini',
  },
};

export default idID;
