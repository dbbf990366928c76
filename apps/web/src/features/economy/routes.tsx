import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const WalletPage = lazyPage(() => import('@/features/economy/pages/wallet-page'), 'WalletPage');
const CashbackConfigsPage = lazyPage(
  () => import('@/features/economy/pages/earn-configs-page'),
  'CashbackConfigsPage',
);
const CashbackConfigPage = lazyPage(
  () => import('@/features/economy/pages/earn-config-page'),
  'CashbackConfigPage',
);
const XpConfigsPage = lazyPage(() => import('@/features/economy/pages/earn-configs-page'), 'XpConfigsPage');
const XpConfigPage = lazyPage(() => import('@/features/economy/pages/earn-config-page'), 'XpConfigPage');

/** The wallet and the cashback and XP earn configs (spec 3 §2). */
export const economyRoutes: RouteObject[] = [
  // ECONOMICS opens the whole economy; WALLET, CASHBACK and XP_POINTS one page each (as in the sidebar).
  ...viewableBy(['WALLET', 'ECONOMICS'], [{ path: ROUTE_PATTERNS.wallet, element: <WalletPage /> }]),
  ...viewableBy(
    ['CASHBACK', 'ECONOMICS'],
    [
      { path: ROUTE_PATTERNS.cashbackConfigs, element: <CashbackConfigsPage /> },
      { path: ROUTE_PATTERNS.cashbackConfig, element: <CashbackConfigPage /> },
    ],
  ),
  ...viewableBy(
    ['XP_POINTS', 'ECONOMICS'],
    [
      { path: ROUTE_PATTERNS.xpConfigs, element: <XpConfigsPage /> },
      { path: ROUTE_PATTERNS.xpConfig, element: <XpConfigPage /> },
    ],
  ),
];
