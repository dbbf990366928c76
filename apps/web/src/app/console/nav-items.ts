import {
  isClientSubscribed,
  planAllowsArea,
  ROUTE_PATTERNS,
  type TClientPlan,
  type TFeatureArea,
  type TSessionUser,
} from '@laurel/contract';
import { type Icon, IconLayoutDashboard, IconSettings } from '@tabler/icons-react';

/** Who sees an entry: everyone, admins only, or holders of a feature area's View flag (spec 1 §2.3). */
export type TNavAccess = { kind: 'everyone' } | { kind: 'admin' } | { kind: 'area'; area: TFeatureArea };

export type TNavItem = {
  label: string;
  to: string;
  icon: Icon;
  access: TNavAccess;
  /** Settings sits apart, at the foot of the sidebar. */
  group: 'main' | 'footer';
};

/** Sidebar entries; the permission-gated areas join as they land. */
export const navItems: TNavItem[] = [
  {
    label: 'Dashboard',
    to: ROUTE_PATTERNS.dashboard,
    icon: IconLayoutDashboard,
    access: { kind: 'everyone' },
    group: 'main',
  },
  {
    label: 'Settings',
    to: ROUTE_PATTERNS.settings,
    icon: IconSettings,
    access: { kind: 'admin' },
    group: 'footer',
  },
];

/** An entry the user may see; a locked one is outside the client's plan and opens the upgrade prompt instead. */
export type TNavEntry = TNavItem & { locked: boolean };

type TNavUser = Pick<TSessionUser, 'role' | 'user_permissions'>;

const maySee = (user: TNavUser, access: TNavAccess) => {
  if (access.kind === 'everyone') return true;
  if (user.role === 'ADMIN') return true;
  return access.kind === 'area' && user.user_permissions[access.area]?.read === true;
};

/** A feature area is open only to a subscribed client whose plan includes it (DESIGN §9). */
export const planOpensArea = (plan: TClientPlan | null | undefined, area: TFeatureArea) =>
  isClientSubscribed(plan) && plan?.name != null && planAllowsArea(plan.name, area);

export const navEntriesFor = (
  items: readonly TNavItem[],
  user: TNavUser,
  plan: TClientPlan | null | undefined,
): TNavEntry[] =>
  items
    .filter((item) => maySee(user, item.access))
    .map((item) => ({
      ...item,
      locked: item.access.kind === 'area' && !planOpensArea(plan, item.access.area),
    }));
