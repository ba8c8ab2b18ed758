import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { useSessionSync } from '@/features/auth/api';
import { PasswordConfirmPrompt } from '@/features/auth/components/password-confirm-prompt';
import { SessionProvider } from '@/lib/session-provider';
import { SettingsHead } from '@/features/settings/components/settings-head';
import { applyLocale, t } from '@/lib/i18n';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

function SessionSync() {
  useSessionSync();
  return null;
}

function Toasts() {
  const theme = useTheme();
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      rtl
      theme={theme}
      aria-label={t('toasts.label')}
    />
  );
}

type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass a fresh client so cached replies never leak between them. */
  queryClient?: QueryClient;
};

/** Everything the screens rely on that is not the router: data cache, session, toasts, head. */
export function AppProviders({ children, queryClient = appQueryClient }: AppProvidersProps) {
  useLayoutEffect(() => applyLocale(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SettingsHead />
        <SessionSync />
        {children}
        {/* The server's 423 (a sensitive change without a recent password) opens this prompt. */}
        <PasswordConfirmPrompt />
        <Toasts />
      </SessionProvider>
    </QueryClientProvider>
  );
}
