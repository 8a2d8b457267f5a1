import type { SavingMessages } from './en-US';

const esES: SavingMessages = {
  status: {
    saved: 'Guardado',
    saving: 'Guardando…',
    failed: 'No guardado',
    conflict: 'Cambiada en otro lugar',
    retry: 'Reintentar',
  },
  saving: {
    conflictTitle: 'Esta plantilla se cambió en otra pestaña',
    conflictIntro:
      'Otra pestaña o ventana guardó esta plantilla después de que empezaras a escribir, así que tus cambios aún no están guardados. Se conservan en este dispositivo hasta que elijas qué versión mantener.',
    theirs: 'Guardada en otra pestaña',
    mine: 'Tus cambios sin guardar',
    takeTheirs: 'Usar la otra',
    keepMine: 'Mantener la mía',
    keepCopy: 'Mantener la mía como copia',
    unchanged: '{{n}} partes más son iguales en ambas versiones o no se muestran.',
    absent: 'No está en esta versión',
    noTextChanges: 'Los textos son iguales; solo cambian el diseño o los ajustes.',
    copyName: '{{name}} (copia)',
    quota: 'El almacenamiento está lleno: tus últimos cambios no se han guardado.',
    unavailable: 'El almacenamiento del navegador no está disponible: tus últimos cambios no se han guardado.',
    bannerHelp: 'Mantén esta pestaña abierta. Libera espacio y pulsa Reintentar, o descarga tu trabajo sin guardar.',
    download: 'Descargar el trabajo sin guardar',
    leaveConfirm: 'Hay cambios sin guardar. ¿Salir de todos modos?',
    leaveTitle: 'Cambios sin guardar',
    leave: 'Salir de todos modos',
    stay: 'Quedarse',
  },
};

export default esES;
