import type { SavingMessages } from './en-US';

const ptBR: SavingMessages = {
  status: {
    saved: 'Salvo',
    saving: 'Salvando…',
    failed: 'Não salvo',
    conflict: 'Alterado em outro lugar',
    retry: 'Tentar de novo',
  },
  saving: {
    conflictTitle: 'Este modelo foi alterado em outra aba',
    conflictIntro:
      'Outra aba ou janela salvou este modelo depois que você começou a digitar, então suas alterações ainda não foram salvas. Elas ficam neste dispositivo até você escolher qual versão manter.',
    theirs: 'Salvo em outra aba',
    mine: 'Suas alterações não salvas',
    takeTheirs: 'Usar a outra',
    keepMine: 'Manter a minha',
    keepCopy: 'Manter a minha como cópia',
    unchanged: 'Mais {{n}} partes são iguais nas duas versões ou não são mostradas.',
    absent: 'Não está nesta versão',
    noTextChanges: 'Os textos são iguais; só o layout ou as configurações mudam.',
    copyName: '{{name}} (cópia)',
    quota: 'O armazenamento está cheio: suas últimas alterações não foram salvas.',
    unavailable: 'O armazenamento do navegador não está disponível: suas últimas alterações não foram salvas.',
    bannerHelp: 'Mantenha esta aba aberta. Libere espaço e clique em Tentar novamente, ou baixe o trabalho não salvo.',
    download: 'Baixar o trabalho não salvo',
    leaveConfirm: 'Há alterações não salvas. Sair mesmo assim?',
    leaveTitle: 'Alterações não salvas',
    leave: 'Sair mesmo assim',
    stay: 'Ficar',
  },
};

export default ptBR;
