import { STORAGE_KEYS } from '@laurel/contract';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '@/app/theme';

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
      <ModalsProvider labels={{ confirm: 'Yes, Continue', cancel: 'Cancel' }}>
        <Notifications position="top-right" />
        {children}
      </ModalsProvider>
    </MantineProvider>
  </QueryClientProvider>
);
