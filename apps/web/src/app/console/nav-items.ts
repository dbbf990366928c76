import { ROUTE_PATTERNS } from '@laurel/contract';
import { type Icon, IconLayoutDashboard } from '@tabler/icons-react';

export type TNavItem = { label: string; to: string; icon: Icon };

/** Sidebar entries; the permission-gated ones (spec 1 §2.3) join as their areas land. */
export const navItems: TNavItem[] = [
  { label: 'Dashboard', to: ROUTE_PATTERNS.dashboard, icon: IconLayoutDashboard },
];
