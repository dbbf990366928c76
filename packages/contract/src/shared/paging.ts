/** Paging defaults of spec 1 §9, spec 2 §9, spec 3 §9 and DESIGN §3. Pages count from 1. */
export const FIRST_PAGE = 1;

export const PAGE_SIZES = {
  /** Any server-paged table unless stated otherwise. */
  default: 15,
  /** The customers table on first load. */
  customersInitial: 10,
  /** The four transaction reports. */
  reports: 10,
  /** Combos, deals, deal products and categories, branches, voucher branches, product and category pickers. */
  picker: 5,
  /** Lists loaded only to fill filter options and pickers (statistics, badges, challenges, branches…). */
  filterOptions: 100,
  /** Icon library page (badges, currencies). */
  icons: 120,
} as const;

/** Segment and statistic lists reload at page 1, size 10 after an update. */
export const RELOAD_AFTER_UPDATE = { page: FIRST_PAGE, size: 10 } as const;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type TSortDirection = (typeof SORT_DIRECTIONS)[number];
/** Default sort: no key, descending. */
export const DEFAULT_SORT = { key: '', direction: 'desc' } as const satisfies {
  key: string;
  direction: TSortDirection;
};

/** Infinite scroll fetches the next page while the total exceeds page × size. */
export const hasMorePages = (countTotal: number, page: number, size: number) => countTotal > page * size;

/** A list count may be capped where an exact count would be slow (DESIGN §9). */
export const COUNT_CAP = 10_000;
/**
 * A smaller cap for lists whose matches are costly to count (a search, a filtered report): only `pages` pages past
 * the page shown, never more than COUNT_CAP. Whether a next page exists stays exact on every page.
 */
export const countCapAhead = (page: number, size: number, pages: number) =>
  Math.min(COUNT_CAP, (page - 1 + pages) * size);
export const formatCount = (count: number) =>
  count > COUNT_CAP ? `${COUNT_CAP.toLocaleString('en-US')}+` : count.toLocaleString('en-US');
/**
 * A count the server stopped at its cap, which it answers as cap + 1 (a search's smaller cap too):
 * 1,001 -> '1,000+', 10,001 -> '10,000+'.
 */
export const formatCappedCount = (count: number) =>
  count >= COUNT_CAP ? formatCount(COUNT_CAP + 1) : `${Math.max(count - 1, 0).toLocaleString('en-US')}+`;
