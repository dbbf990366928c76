import {
  consolePaths,
  ROUTE_PATTERNS,
  type TClientPlan,
  type TFeatureArea,
  type TSessionUser,
} from '@laurel/contract';
import {
  type Icon,
  IconAward,
  IconBasket,
  IconChartBar,
  IconChartPie,
  IconCoins,
  IconGift,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt,
  IconRepeat,
  IconSettings,
  IconShoppingBag,
  IconStairsUp,
  IconTargetArrow,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import { planOpensArea } from '@/app/console/plan-access';
import { productPaths } from '@/features/products';

/**
 * Who sees an entry: everyone, admins only, or holders of the View flag of any of the listed areas (spec 1 §2.3).
 * The first area is the one whose plan feature decides whether the entry is locked.
 */
export type TNavAccess =
  | { kind: 'everyone' }
  | { kind: 'admin' }
  | { kind: 'area'; areas: readonly [TFeatureArea, ...TFeatureArea[]] };

export type TNavLinkItem = {
  kind: 'link';
  label: string;
  to: string;
  icon?: Icon;
  access: TNavAccess;
  /** Route patterns of the entry's other pages, on which it shows as active too. */
  activeOn?: string[];
  /** Active on its own path only, not on the paths under it (another entry's pages live there). */
  end?: boolean;
};
export type TNavGroupItem = { kind: 'group'; label: string; icon: Icon; children: TNavLinkItem[] };

/** Users and Settings sit apart, at the foot of the sidebar. */
export type TNavSection = 'main' | 'footer';
export type TNavItem = (TNavLinkItem | TNavGroupItem) & { section: TNavSection };

const area = (...areas: [TFeatureArea, ...TFeatureArea[]]): TNavAccess => ({ kind: 'area', areas });
const link = (label: string, to: string, access: TNavAccess, icon?: Icon): TNavLinkItem =>
  icon ? { kind: 'link', label, to, access, icon } : { kind: 'link', label, to, access };

/**
 * The whole sidebar (spec 1 §2.3, spec 3 §2). An entry shows only once its area's pages exist in this build
 * (`navEntriesFor`'s `isAvailable`), so areas appear as they land without touching this list.
 */
export const navItems: TNavItem[] = [
  {
    ...link('Dashboard', consolePaths.dashboard, { kind: 'everyone' }, IconLayoutDashboard),
    section: 'main',
  },
  { ...link('Customers', consolePaths.customers, area('CUSTOMERS'), IconUsers), section: 'main' },
  {
    ...link('Orders', consolePaths.orders, area('ORDERS'), IconShoppingBag),
    activeOn: [ROUTE_PATTERNS.order],
    section: 'main',
  },
  { ...link('Baskets', consolePaths.baskets, area('BASKETS'), IconBasket), section: 'main' },
  {
    ...link('Subscriptions', consolePaths.subscriptions, area('SUBSCRIPTIONS'), IconRepeat),
    activeOn: [ROUTE_PATTERNS.createSubscription, ROUTE_PATTERNS.subscriptionDetails],
    section: 'main',
  },
  {
    ...link('Products', productPaths.products, area('PRODUCTS'), IconPackage),
    activeOn: [productPaths.categories],
    section: 'main',
  },
  { ...link('Badges', consolePaths.badges, area('BADGES'), IconAward), section: 'main' },
  { ...link('Challenges', consolePaths.challenges, area('CHALLENGES'), IconTargetArrow), section: 'main' },
  {
    ...link('Statistics', consolePaths.statistics, area('STATISTICS'), IconChartBar),
    activeOn: [ROUTE_PATTERNS.statistic],
    section: 'main',
  },
  {
    ...link('Segments', consolePaths.segments, area('SEGMENTS'), IconChartPie),
    activeOn: [ROUTE_PATTERNS.segment, ROUTE_PATTERNS.segmentPlayers],
    section: 'main',
  },
  {
    kind: 'group',
    label: 'Reward Tracks',
    icon: IconStairsUp,
    section: 'main',
    // Each opens the details page of the client's track of that type; the reward tracks area resolves the id.
    // 'All Reward Tracks' (beyond the spec's two) is the list, the only way to the generic tracks.
    children: [
      link('Level Progression', consolePaths.levelProgressionDetails(), area('REWARD_TRACKS')),
      link('Tier Progression', consolePaths.tierProgressionDetails(), area('REWARD_TRACKS')),
      {
        ...link('All Reward Tracks', consolePaths.rewardTracks, area('REWARD_TRACKS')),
        activeOn: [ROUTE_PATTERNS.rewardTrackDetails],
      },
    ],
  },
  {
    ...link('Rewards', consolePaths.rewards, area('REWARDS'), IconGift),
    activeOn: [ROUTE_PATTERNS.reward],
    // The Redemptions report at /console/rewards/redemptions is the Transactions group's.
    end: true,
    section: 'main',
  },
  {
    kind: 'group',
    label: 'Economy',
    icon: IconCoins,
    section: 'main',
    // ECONOMICS opens the whole economy; WALLET, CASHBACK and XP_POINTS open one page each.
    children: [
      link('Wallet', consolePaths.wallet, area('WALLET', 'ECONOMICS')),
      link('Cashback', consolePaths.cashbackConfigs, area('CASHBACK', 'ECONOMICS')),
      link('XP Reward', consolePaths.xpConfigs, area('XP_POINTS', 'ECONOMICS')),
    ],
  },
  {
    kind: 'group',
    label: 'Transactions',
    icon: IconReceipt,
    section: 'main',
    children: [
      link('Economy', consolePaths.economyTransactions, area('TRANSACTIONS')),
      link('Challenges', consolePaths.challengeTransactions, area('TRANSACTIONS')),
      link('Badges', consolePaths.badgeTransactions, area('TRANSACTIONS')),
      link('Reward Tracks', consolePaths.rewardTrackTransactions, area('TRANSACTIONS')),
      // The rewards area's report, beside the others: open on GROWTH with the Rewards View flag.
      link('Redemptions', consolePaths.rewardRedemptions, area('REWARDS')),
    ],
  },
  {
    ...link('Users', consolePaths.users, { kind: 'admin' }, IconUserCog),
    activeOn: [ROUTE_PATTERNS.user],
    section: 'footer',
  },
  { ...link('Settings', consolePaths.settings, { kind: 'admin' }, IconSettings), section: 'footer' },
];

/** A link the user may see; a locked one is outside the client's plan and opens the upgrade prompt instead. */
export type TNavLinkEntry = Omit<TNavLinkItem, 'access'> & { locked: boolean };
/** A group with at least one visible child; locked when every child is. */
export type TNavGroupEntry = Omit<TNavGroupItem, 'children'> & { children: TNavLinkEntry[]; locked: boolean };
export type TNavEntry = (TNavLinkEntry | TNavGroupEntry) & { section: TNavSection };

type TNavUser = Pick<TSessionUser, 'role' | 'user_permissions'>;

const maySee = (user: TNavUser, access: TNavAccess) => {
  if (access.kind === 'everyone') return true;
  // An admin holds every flag.
  if (user.role === 'ADMIN') return true;
  return access.kind === 'area' && access.areas.some((key) => user.user_permissions[key]?.read === true);
};

const linkEntry = (
  item: TNavLinkItem,
  user: TNavUser,
  plan: TClientPlan | null | undefined,
  isAvailable: (path: string) => boolean,
): TNavLinkEntry | null => {
  if (!isAvailable(item.to) || !maySee(user, item.access)) return null;
  const { access, ...rest } = item;
  return { ...rest, locked: access.kind === 'area' && !planOpensArea(plan, access.areas[0]) };
};

/**
 * The entries the user sees: by role and View flags, only where the area's pages exist (`isAvailable`, by path),
 * and locked where the plan does not include the area.
 */
export const navEntriesFor = (
  items: readonly TNavItem[],
  user: TNavUser,
  plan: TClientPlan | null | undefined,
  isAvailable: (path: string) => boolean = () => true,
): TNavEntry[] =>
  items.flatMap((item): TNavEntry[] => {
    if (item.kind === 'link') {
      const entry = linkEntry(item, user, plan, isAvailable);
      return entry ? [{ ...entry, section: item.section }] : [];
    }
    const children = item.children.flatMap((child) => linkEntry(child, user, plan, isAvailable) ?? []);
    if (children.length === 0) return [];
    return [{ ...item, children, locked: children.every((child) => child.locked) }];
  });
