import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'Templat',
  recordLabel: 'Rekaman',
  workspaceGroup: 'Ruang kerja ini',
  samplesGroup: 'Contoh',
  sampleData: 'Data contoh',
  noRecord: 'Tanpa rekaman (kolom kosong)',
  noTemplates: 'Belum ada templat',
  fixtures: {
    invoice: 'Faktur',
    'packing-slip': 'Slip pengepakan',
    'approval-form': 'Formulir persetujuan',
    contract: 'Kontrak layanan',
  },
  stage: {
    loading: 'Memuat templat…',
    queued: 'Menunggu perender…',
    resolve: 'Mengisi data…',
    compile: 'Menata PDF…',
    draw: 'Menggambar halaman…',
  },
  renderedIn: 'Dirender dalam {{ms}} md',
  renderedInSeconds: 'Dirender dalam {{seconds}} dtk',
  pageCount: 'Halaman: {{count}}',
  pageImage: 'Halaman {{n}} dari {{total}}',
  pageText: 'Teks halaman {{n}}',
  cancel: 'Batal',
  cancelled: 'Perenderan dibatalkan.',
  retry: 'Render lagi',
  print: 'Cetak',
  download: 'Unduh PDF',
  zoomIn: 'Perbesar',
  zoomOut: 'Perkecil',
  fitWidth: 'Sesuaikan lebar',
  zoomLevel: 'Zoom {{percent}}%',
  viewTools: 'Tampilan',
  templateMissing: 'Templat ini tidak ada di ruang kerja ini. Pilih templat lain.',
  fileName: 'Nama file',
  details: 'Detail',
};

export default messages;
