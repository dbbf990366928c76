/** Field and collection limits of the three specs and DESIGN §3, §9. */
export const LIMITS = {
  cellNumberLength: 10,
  loyaltyCardNumberLength: 15,
  passwordMinLength: 8,
  /** Challenge, node and other titles. */
  titleMaxLength: 120,
  maxCurrencies: 10,
  milestones: { min: 1, max: 5 },
  milestoneValueMin: 1,
  tierCount: 5,
  /** The icon library autocomplete shows at most this many matches per page. */
  iconPageSize: 120,
  /** Random alphanumeric suffix of a new flow node's id. */
  nodeIdSuffixLength: 8,
  /** A segment action grants at least one item. */
  segmentActionQuantityMin: 1,
} as const;

/** Request size limits in bytes (DESIGN §3, §9). */
export const BYTE_LIMITS = {
  body: 1024 * 1024,
  upload: 5 * 1024 * 1024,
  eventBatch: 5 * 1024 * 1024,
} as const;

/** Layout sizes in px (spec 1 §2, spec 3 §9). */
export const LAYOUT = {
  maxWidth: 1920,
  sidebarCollapseBelow: 1000,
  stepColumnMaxWidth: 120,
} as const;

/** Time the segment players card shows its loading text, in ms. */
export const SEGMENT_PLAYERS_LOADING_MS = 1000;
