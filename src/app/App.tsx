import { RouterProvider } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createAppRouter } from './router';
import { RenderErrorBoundary } from './shell/RenderErrorPanel';

function useDocumentLanguage(i18n: I18n) {
  useEffect(() => {
    const apply = (lng: string) => {
      document.documentElement.lang = lng;
    };
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);
}

export function App({ i18n }: { i18n: I18n }) {
  const [router] = useState(createAppRouter);
  useDocumentLanguage(i18n);
  return (
    <I18nextProvider i18n={i18n}>
      <RenderErrorBoundary>
        <RouterProvider router={router} />
      </RenderErrorBoundary>
    </I18nextProvider>
  );
}
