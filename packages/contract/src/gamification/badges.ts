import { z } from 'zod';

export const ZBadgeCategory = z.enum(['Achievement', 'Milestone', 'Event-based']);
export type TBadgeCategory = z.infer<typeof ZBadgeCategory>;
export const BADGE_CATEGORIES = ZBadgeCategory.options;
export const DEFAULT_BADGE_CATEGORY: TBadgeCategory = 'Achievement';

/** Quantity Type select; `quantity_limited` true is Limited. */
export const ZBadgeQuantityType = z.enum(['Unlimited', 'Limited']);
export type TBadgeQuantityType = z.infer<typeof ZBadgeQuantityType>;
export const BADGE_QUANTITY_TYPES = ZBadgeQuantityType.options;
export const badgeQuantityType = (quantityLimited: boolean): TBadgeQuantityType =>
  quantityLimited ? 'Limited' : 'Unlimited';

/** The spec's badge gold, also the console's accent colour (DESIGN §7). */
export const BADGE_GOLD = '#d2a023';

export const ZBadgeThemeKey = z.enum(['primary', 'name', 'sub_copy', 'background', 'icon']);
export type TBadgeThemeKey = z.infer<typeof ZBadgeThemeKey>;
export const BADGE_THEME_KEYS = ZBadgeThemeKey.options;
export const BADGE_DEFAULT_THEME: Record<TBadgeThemeKey, string> = {
  primary: BADGE_GOLD,
  name: BADGE_GOLD,
  sub_copy: '#000000',
  background: '#FFFFFF',
  icon: '#FFFFFF',
};

export const BADGE_DEFAULTS = {
  quantity: 0,
  quantity_limited: false,
  dates_enabled: false,
  category: DEFAULT_BADGE_CATEGORY,
  level: 1,
} as const;

export const ZBadgeEditorTab = z.enum(['Details', 'Icons', 'Text', 'Theme']);
export type TBadgeEditorTab = z.infer<typeof ZBadgeEditorTab>;
export const BADGE_EDITOR_TABS = ZBadgeEditorTab.options;

/** Columns the badges table shows until the user chooses (spec 2 §2). */
export const BADGE_DEFAULT_COLUMNS = [
  'icon',
  'name',
  'start_date',
  'end_date',
  'quantity_limited',
  'quantity',
] as const;
