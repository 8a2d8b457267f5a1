import type { SavingMessages } from './en-US';

const frFR: SavingMessages = {
  status: {
    saved: 'Enregistré',
    saving: 'Enregistrement…',
    failed: 'Non enregistré',
    conflict: 'Modifié ailleurs',
    retry: 'Réessayer',
  },
  saving: {
    conflictTitle: 'Ce modèle a été modifié dans un autre onglet',
    conflictIntro:
      'Un autre onglet ou une autre fenêtre a enregistré ce modèle après que vous avez commencé à écrire : vos modifications ne sont pas encore enregistrées. Elles restent sur cet appareil jusqu’à ce que vous choisissiez la version à garder.',
    theirs: 'Enregistré dans un autre onglet',
    mine: 'Vos modifications non enregistrées',
    takeTheirs: 'Prendre la leur',
    keepMine: 'Garder la mienne',
    keepCopy: 'Garder la mienne en copie',
    unchanged: '{{n}} autres parties sont identiques dans les deux versions ou non affichées.',
    absent: 'Absent de cette version',
    noTextChanges: 'Les textes sont identiques ; seuls la mise en page ou les réglages diffèrent.',
    copyName: '{{name}} (copie)',
    quota: 'Le stockage est plein : vos dernières modifications ne sont pas enregistrées.',
    unavailable: 'Le stockage du navigateur est indisponible : vos dernières modifications ne sont pas enregistrées.',
    bannerHelp:
      'Gardez cet onglet ouvert. Libérez de l’espace puis cliquez sur Réessayer, ou téléchargez votre travail non enregistré.',
    download: 'Télécharger le travail non enregistré',
    leaveConfirm: 'Certaines modifications ne sont pas enregistrées. Quitter quand même ?',
    leaveTitle: 'Modifications non enregistrées',
    leave: 'Quitter quand même',
    stay: 'Rester',
  },
};

export default frFR;
