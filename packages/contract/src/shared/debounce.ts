/** Search debounce times in milliseconds (spec 1 §9, spec 2 §9, spec 3 §9). */
export const DEBOUNCE_MS = {
  default: 750,
  loyaltyBranchSearch: 900,
  productSearch: 900,
  categorySearch: 900,
  usersSearch: 1000,
  addressAutocomplete: 1000,
  dashboard: 1100,
} as const;
export type TDebounceKey = keyof typeof DEBOUNCE_MS;
