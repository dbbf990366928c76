import { z } from 'zod';

/** Prefixes outside the console (DESIGN §1, §9): everything else serves the console. */
export const API_PREFIX = '/api';
export const MEDIA_PREFIX = '/media';

export const WELCOME_PREFIX = '/welcome';
export const CONSOLE_PREFIX = '/console';

const segment = (value: string | number) => encodeURIComponent(String(value));
const withOptionalId = (base: string, id?: string | null) => (id ? `${base}/${segment(id)}` : base);

/** The entry area (spec 1 §2.1, DESIGN §7). */
export const welcomePaths = {
  root: WELCOME_PREFIX,
  logIn: `${WELCOME_PREFIX}/log-in`,
  forgotPassword: `${WELCOME_PREFIX}/forgot-password`,
  /** isNewAccount is '1' for a new account's first password (shows 'Email Address Verified'). */
  resetPassword: (isNewAccount: boolean | '0' | '1', token: string) =>
    `${WELCOME_PREFIX}/reset-password/${isNewAccount === true || isNewAccount === '1' ? '1' : '0'}/${segment(token)}`,
  createClient: `${WELCOME_PREFIX}/create-client`,
  selectSubscription: `${WELCOME_PREFIX}/select-subscription`,
  /** The second sign-in step: a two-factor code, or setting two-factor up when the business requires it. */
  twoFactor: `${WELCOME_PREFIX}/two-factor`,
  /** The spec's older sign-up constant; it leads to create-client. */
  signUp: `${WELCOME_PREFIX}/sign-up`,
} as const;

/** Pages reachable without a session. */
export const publicPaths = {
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
} as const;

export const ZSettingsTab = z.enum(['account', 'branches', 'integrations']);
export type TSettingsTab = z.infer<typeof ZSettingsTab>;
export const SETTINGS_TABS = ZSettingsTab.options;

const c = CONSOLE_PREFIX;

/** Every console page (spec 1 §2.1-2.2, spec 3 §2, DESIGN §7); functions build the paths that take ids. */
export const consolePaths = {
  root: c,
  dashboard: `${c}/dashboard`,
  customers: `${c}/customers`,
  customerProfile: (id: string) => `${c}/customers/customer-profile/${segment(id)}`,
  /** Customers → Import (DESIGN §10); `?import=<id>` shows one import's report. */
  customerImport: `${c}/customers/import`,
  users: `${c}/users`,
  /** Without an id: the add-user page. */
  user: (userId?: string | null) => withOptionalId(`${c}/user`, userId),
  profile: `${c}/profile`,
  /** The signed-in user's two-factor sign-in and sessions (DESIGN §10 "Staff sign-in security"). */
  security: `${c}/security`,
  settings: `${c}/settings`,
  settingsTab: (tab: TSettingsTab) => `${c}/settings/${tab}`,
  /** Settings → Integrations → Webhooks (DESIGN §10): the endpoints, and each one's deliveries. */
  webhooks: `${c}/settings/integrations/webhooks`,
  webhookDeliveries: (endpointId: string) => `${c}/settings/integrations/webhooks/${segment(endpointId)}`,
  packages: `${c}/packages`,
  billings: `${c}/billings`,
  badges: `${c}/badges`,
  badge: (badgeId?: string | null) => withOptionalId(`${c}/badge`, badgeId),
  challenges: `${c}/challenges`,
  challenge: (challengeId?: string | null) => withOptionalId(`${c}/challenge`, challengeId),
  statistics: `${c}/statistics`,
  statistic: (statisticId?: string | null) => withOptionalId(`${c}/statistic`, statisticId),
  segments: `${c}/segments`,
  segment: (segmentId?: string | null) => withOptionalId(`${c}/segment`, segmentId),
  segmentPlayers: (segmentId: string) => `${c}/segment/${segment(segmentId)}/players`,
  rewardTracks: `${c}/reward-tracks`,
  rewards: `${c}/rewards`,
  reward: (rewardId?: string | null) => withOptionalId(`${c}/reward`, rewardId),
  rewardRedemptions: `${c}/rewards/redemptions`,
  rewardTrackDetails: (rewardTrackId?: string | null) =>
    withOptionalId(`${c}/reward-track-details`, rewardTrackId),
  tierProgressionDetails: (rewardTrackId?: string | null) =>
    withOptionalId(`${c}/tier-progression-details`, rewardTrackId),
  levelProgressionDetails: (rewardTrackId?: string | null) =>
    withOptionalId(`${c}/level-progression-details`, rewardTrackId),
  wallet: `${c}/economics/wallet`,
  cashbackConfigs: `${c}/economics/cashback-configs`,
  cashbackConfig: (configId?: string | null) => withOptionalId(`${c}/economics/cashback-config`, configId),
  xpConfigs: `${c}/economics/xp-configs`,
  xpConfig: (configId?: string | null) => withOptionalId(`${c}/economics/xp-config`, configId),
  economyTransactions: `${c}/economics/transactions`,
  challengeTransactions: `${c}/transactions/challenges`,
  badgeTransactions: `${c}/transactions/badges`,
  rewardTrackTransactions: `${c}/transactions/reward-tracks`,
  subscriptions: `${c}/subscriptions`,
  createSubscription: `${c}/create-subscription`,
  subscriptionDetails: (id: string) => `${c}/subscription-details/${segment(id)}`,
  baskets: `${c}/baskets`,
  basket: (id: string) => `${c}/basket/${segment(id)}`,
  orders: `${c}/orders`,
  order: (id: string) => `${c}/order/${segment(id)}`,
} as const;

/** Router patterns (react-router syntax, `:param?` optional) for every path above. */
export const ROUTE_PATTERNS = {
  welcome: WELCOME_PREFIX,
  logIn: welcomePaths.logIn,
  forgotPassword: welcomePaths.forgotPassword,
  resetPassword: `${WELCOME_PREFIX}/reset-password/:isNewAccount/:token`,
  createClient: welcomePaths.createClient,
  selectSubscription: welcomePaths.selectSubscription,
  twoFactor: welcomePaths.twoFactor,
  signUp: welcomePaths.signUp,
  termsAndConditions: publicPaths.termsAndConditions,
  privacyPolicy: publicPaths.privacyPolicy,
  console: c,
  dashboard: consolePaths.dashboard,
  customers: consolePaths.customers,
  customerProfile: `${c}/customers/customer-profile/:id`,
  customerImport: consolePaths.customerImport,
  users: consolePaths.users,
  user: `${c}/user/:userId?`,
  profile: consolePaths.profile,
  security: consolePaths.security,
  settings: consolePaths.settings,
  settingsTab: `${c}/settings/:tab`,
  webhooks: `${c}/settings/integrations/webhooks`,
  webhookDeliveries: `${c}/settings/integrations/webhooks/:endpoint_id`,
  packages: consolePaths.packages,
  billings: consolePaths.billings,
  badges: consolePaths.badges,
  badge: `${c}/badge/:badge_id?`,
  challenges: consolePaths.challenges,
  challenge: `${c}/challenge/:challenge_id?`,
  statistics: consolePaths.statistics,
  statistic: `${c}/statistic/:statistic_id?`,
  segments: consolePaths.segments,
  segment: `${c}/segment/:segment_id?`,
  segmentPlayers: `${c}/segment/:segment_id/players`,
  rewardTracks: consolePaths.rewardTracks,
  rewards: consolePaths.rewards,
  reward: `${c}/reward/:reward_id?`,
  rewardRedemptions: consolePaths.rewardRedemptions,
  rewardTrackDetails: `${c}/reward-track-details/:reward_track_id?`,
  tierProgressionDetails: `${c}/tier-progression-details/:reward_track_id?`,
  levelProgressionDetails: `${c}/level-progression-details/:reward_track_id?`,
  wallet: consolePaths.wallet,
  cashbackConfigs: consolePaths.cashbackConfigs,
  cashbackConfig: `${c}/economics/cashback-config/:config_id?`,
  xpConfigs: consolePaths.xpConfigs,
  xpConfig: `${c}/economics/xp-config/:config_id?`,
  economyTransactions: consolePaths.economyTransactions,
  challengeTransactions: consolePaths.challengeTransactions,
  badgeTransactions: consolePaths.badgeTransactions,
  rewardTrackTransactions: consolePaths.rewardTrackTransactions,
  subscriptions: consolePaths.subscriptions,
  createSubscription: consolePaths.createSubscription,
  subscriptionDetails: `${c}/subscription-details/:id`,
  baskets: consolePaths.baskets,
  basket: `${c}/basket/:id`,
  orders: consolePaths.orders,
  order: `${c}/order/:id`,
} as const;
export type TRouteName = keyof typeof ROUTE_PATTERNS;

/** A pattern or path relative to its area prefix, for nested routers ('/console/badges' -> 'badges'). */
export const relativeToPrefix = (prefix: string, path: string) =>
  path === prefix ? '' : path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : path;

const startsWithSegment = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Without a session, only the welcome area, terms and privacy may be visited (spec 1 §2.1). */
export const isSessionFreePath = (pathname: string) =>
  startsWithSegment(pathname, WELCOME_PREFIX) ||
  pathname === publicPaths.termsAndConditions ||
  pathname === publicPaths.privacyPolicy;

/** Every path outside /api and /media serves the console (DESIGN §9). */
export const servesConsole = (pathname: string) =>
  !startsWithSegment(pathname, API_PREFIX) && !startsWithSegment(pathname, MEDIA_PREFIX);
