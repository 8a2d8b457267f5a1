import type { SavingMessages } from './en-US';

const itIT: SavingMessages = {
  status: {
    saved: 'Salvato',
    saving: 'Salvataggio…',
    failed: 'Non salvato',
    conflict: 'Modificato altrove',
    retry: 'Riprova',
  },
  saving: {
    conflictTitle: 'Questo modello è stato modificato in un’altra scheda',
    conflictIntro:
      'Un’altra scheda o finestra ha salvato questo modello dopo che hai iniziato a scrivere, quindi le tue modifiche non sono ancora salvate. Restano su questo dispositivo finché non scegli quale versione tenere.',
    theirs: 'Salvato in un’altra scheda',
    mine: 'Le tue modifiche non salvate',
    takeTheirs: 'Prendi la loro',
    keepMine: 'Tieni la mia',
    keepCopy: 'Tieni la mia come copia',
    unchanged: 'Altre {{n}} parti sono uguali in entrambe le versioni o non sono mostrate.',
    absent: 'Non presente in questa versione',
    noTextChanges: 'I testi sono uguali; cambiano solo layout o impostazioni.',
    copyName: '{{name}} (copia)',
    quota: 'Lo spazio di archiviazione è pieno: le ultime modifiche non sono salvate.',
    unavailable: 'L’archiviazione del browser non è disponibile: le ultime modifiche non sono salvate.',
    bannerHelp: 'Tieni aperta questa scheda. Libera spazio e premi Riprova, oppure scarica il lavoro non salvato.',
    download: 'Scarica il lavoro non salvato',
    leaveConfirm: 'Alcune modifiche non sono salvate. Uscire comunque?',
    leaveTitle: 'Modifiche non salvate',
    leave: 'Esci comunque',
    stay: 'Resta',
  },
};

export default itIT;
