import { STORAGE_KEYS } from '@laurel/contract';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ModalsHost, NotificationsHost } from '@/app/overlay-hosts';
import { cssVariablesResolver, theme } from '@/app/theme';

const MODAL_LABELS = { confirm: 'Yes, Continue', cancel: 'Cancel' };

/** index.html reads the same key before the first paint. */
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

type TAppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals' delays in component tests. */
  env?: 'default' | 'test';
};

/** One theme; light or dark follows the system until the user picks one in the profile menu. */
export const AppProviders = ({ queryClient, children, env = 'default' }: TAppProvidersProps) => (
  <QueryClientProvider client={queryClient}>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      {children}
      <ModalsHost labels={MODAL_LABELS} eager={env === 'test'} />
      <NotificationsHost eager={env === 'test'} />
    </MantineProvider>
  </QueryClientProvider>
);
