import type { TBadge, TSessionUser } from '@laurel/contract';
import { listReply, signInOnStarter } from '@/test/sign-in';
import { ok, stubApi } from '@/test/stub-api';

export const COFFEE_ID = '1'.repeat(24);
export const SUMMER_ID = '2'.repeat(24);
export const PLAIN_ID = '3'.repeat(24);
export const ICON_URL = 'http://127.0.0.1:8080/media/badge_icon/star.png';

export const badgeFixture = (overrides: Partial<TBadge> = {}): TBadge => ({
  _id: COFFEE_ID,
  name: 'Coffee Connoisseur',
  description: 'Awarded to our most loyal coffee lovers.',
  sub_copy: 'Earned with your 10th coffee',
  quantity: 0,
  quantity_limited: false,
  granted_quantity: 0,
  dates_enabled: false,
  start_date: null,
  end_date: null,
  icon: { name: 'mug-hot', prefix: 'fas', url: null, etag: null, file_name: null },
  theme: { primary: '#d2a023', name: '#d2a023', sub_copy: '#000000', background: '#FFFFFF', icon: '#FFFFFF' },
  category: 'Achievement',
  level: 1,
  playfab_item_id: COFFEE_ID,
  created_at: '2025-03-01T10:00:00.000Z',
  updated_at: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

/** A library icon, unlimited. */
export const COFFEE = badgeFixture();
/** An uploaded icon, limited stock with some granted, dates enabled. */
export const SUMMER = badgeFixture({
  _id: SUMMER_ID,
  name: 'Summer Star',
  quantity: 100,
  quantity_limited: true,
  granted_quantity: 3,
  dates_enabled: true,
  start_date: '2025-12-01T00:00:00.000Z',
  end_date: '2026-02-28T23:59:59.999Z',
  icon: { name: null, prefix: null, url: ICON_URL, etag: 'etag-1', file_name: 'star.png' },
  category: 'Event-based',
  level: 4,
  playfab_item_id: SUMMER_ID,
});
/** No icon at all: the trophy placeholder. */
export const PLAIN = badgeFixture({
  _id: PLAIN_ID,
  name: 'Plain Badge',
  icon: { name: null, prefix: null, url: null, etag: null, file_name: null },
  playfab_item_id: PLAIN_ID,
});

export { listReply };

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user (an admin by default) on the STARTER plan and answers the badges calls. */
export const serveBadges = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const { clientReplies } = signInOnStarter(user);
  return stubApi({
    ...clientReplies,
    'GET /api/badges': () => listReply([COFFEE, SUMMER, PLAIN]),
    [`GET /api/badges/${COFFEE_ID}`]: () => ok(COFFEE),
    [`GET /api/badges/${SUMMER_ID}`]: () => ok(SUMMER),
    [`GET /api/badges/${PLAIN_ID}`]: () => ok(PLAIN),
    ...replies,
  });
};
