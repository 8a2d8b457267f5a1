import type { SavingMessages } from './en-US';

const zhCN: SavingMessages = {
  status: {
    saved: '已保存',
    saving: '正在保存…',
    failed: '未保存',
    conflict: '已在别处更改',
    retry: '重试',
  },
  saving: {
    conflictTitle: '此模板已在另一个标签页中更改',
    conflictIntro:
      '在你开始输入后，另一个标签页或窗口保存了此模板，因此你的更改尚未保存。在你选择保留哪个版本之前，它们会保存在此设备上。',
    theirs: '已在另一个标签页保存',
    mine: '你未保存的更改',
    takeTheirs: '采用对方版本',
    keepMine: '保留我的版本',
    keepCopy: '将我的版本另存为副本',
    unchanged: '另有 {{n}} 个部分两个版本相同或未显示。',
    absent: '此版本中没有',
    noTextChanges: '文本相同，只有布局或设置不同。',
    copyName: '{{name}}（副本）',
    quota: '存储空间已满：最近的更改尚未保存。',
    unavailable: '浏览器存储不可用：最近的更改尚未保存。',
    bannerHelp: '请保持此标签页打开。释放磁盘空间后点击重试，或下载未保存的内容。',
    download: '下载未保存的内容',
    leaveConfirm: '有更改尚未保存。仍要离开吗？',
    leaveTitle: '更改尚未保存',
    leave: '仍然离开',
    stay: '留在此页',
  },
};

export default zhCN;
