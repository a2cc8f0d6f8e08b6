import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/ui/toast.tsx';
import { SignInDialogProvider } from '../features/auth/index.ts';
import { PurchaseDialogProvider } from '../features/credits/index.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

function TranslatedToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <ToastProvider dismissLabel={t('ui.dismiss')}>{children}</ToastProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TranslatedToastProvider>
          <SignInDialogProvider>
            <PurchaseDialogProvider>{children}</PurchaseDialogProvider>
          </SignInDialogProvider>
        </TranslatedToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
