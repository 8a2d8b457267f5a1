import type { PreviewMessages } from './en-US';

const messages: PreviewMessages = {
  templateLabel: 'Шаблон',
  recordLabel: 'Запись',
  workspaceGroup: 'Это рабочее пространство',
  samplesGroup: 'Примеры',
  sampleData: 'Пример данных',
  noRecord: 'Без записи (пустые поля)',
  noTemplates: 'Шаблонов пока нет',
  fixtures: {
    invoice: 'Счёт',
    'packing-slip': 'Упаковочный лист',
    'approval-form': 'Форма согласования',
    contract: 'Договор оказания услуг',
  },
  stage: {
    loading: 'Загрузка шаблона…',
    queued: 'Ожидание модуля отрисовки…',
    resolve: 'Подстановка данных…',
    compile: 'Вёрстка PDF…',
    draw: 'Отрисовка страниц…',
  },
  renderedIn: 'Создано за {{ms}} мс',
  renderedInSeconds: 'Создано за {{seconds}} с',
  pageCount: 'Страниц: {{count}}',
  pageImage: 'Страница {{n}} из {{total}}',
  pageText: 'Текст страницы {{n}}',
  cancel: 'Отмена',
  cancelled: 'Создание отменено.',
  retry: 'Создать заново',
  print: 'Печать',
  download: 'Скачать PDF',
  zoomIn: 'Увеличить',
  zoomOut: 'Уменьшить',
  fitWidth: 'По ширине',
  zoomLevel: 'Масштаб {{percent}}%',
  viewTools: 'Вид',
  templateMissing: 'Этого шаблона нет в рабочем пространстве. Выберите другой.',
  fileName: 'Имя файла',
  details: 'Подробности',
};

export default messages;
