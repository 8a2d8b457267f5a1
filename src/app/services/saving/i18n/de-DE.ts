import type { SavingMessages } from './en-US';

const deDE: SavingMessages = {
  status: {
    saved: 'Gespeichert',
    saving: 'Wird gespeichert…',
    failed: 'Nicht gespeichert',
    conflict: 'Anderswo geändert',
    retry: 'Erneut versuchen',
  },
  saving: {
    conflictTitle: 'Diese Vorlage wurde in einem anderen Tab geändert',
    conflictIntro:
      'Ein anderer Tab oder ein anderes Fenster hat diese Vorlage gespeichert, nachdem Sie zu tippen begonnen haben. Ihre Änderungen sind noch nicht gespeichert, bleiben aber auf diesem Gerät erhalten, bis Sie eine Version wählen.',
    theirs: 'Im anderen Tab gespeichert',
    mine: 'Ihre ungespeicherten Änderungen',
    takeTheirs: 'Deren Version übernehmen',
    keepMine: 'Meine behalten',
    keepCopy: 'Meine als Kopie behalten',
    unchanged: '{{n}} weitere Teile sind in beiden Versionen gleich oder nicht angezeigt.',
    absent: 'Nicht in dieser Version',
    noTextChanges: 'Die Texte sind gleich; nur Layout oder Einstellungen unterscheiden sich.',
    copyName: '{{name}} (Kopie)',
    quota: 'Der Speicher ist voll: Ihre letzten Änderungen sind nicht gespeichert.',
    unavailable: 'Der Browserspeicher ist nicht verfügbar: Ihre letzten Änderungen sind nicht gespeichert.',
    bannerHelp:
      'Lassen Sie diesen Tab offen. Geben Sie Speicherplatz frei und klicken Sie auf „Erneut versuchen“, oder laden Sie Ihre ungespeicherte Arbeit herunter.',
    download: 'Ungespeicherte Arbeit herunterladen',
    leaveConfirm: 'Einige Änderungen sind noch nicht gespeichert. Trotzdem verlassen?',
    leaveTitle: 'Änderungen nicht gespeichert',
    leave: 'Trotzdem verlassen',
    stay: 'Bleiben',
  },
};

export default deDE;
