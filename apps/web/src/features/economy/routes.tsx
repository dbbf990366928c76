import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/economy/pages');
const WalletPage = lazyPage(load, 'WalletPage');
const CashbackConfigsPage = lazyPage(load, 'CashbackConfigsPage');
const CashbackConfigPage = lazyPage(load, 'CashbackConfigPage');
const XpConfigsPage = lazyPage(load, 'XpConfigsPage');
const XpConfigPage = lazyPage(load, 'XpConfigPage');

/** The wallet and the cashback and XP earn configs (spec 3 §2). */
export const economyRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.wallet, element: <WalletPage /> },
  { path: ROUTE_PATTERNS.cashbackConfigs, element: <CashbackConfigsPage /> },
  { path: ROUTE_PATTERNS.cashbackConfig, element: <CashbackConfigPage /> },
  { path: ROUTE_PATTERNS.xpConfigs, element: <XpConfigsPage /> },
  { path: ROUTE_PATTERNS.xpConfig, element: <XpConfigPage /> },
];
