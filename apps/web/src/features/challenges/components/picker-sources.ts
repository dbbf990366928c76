import { BADGE_MESSAGES, COMMON_MESSAGES, listBadges, listCurrencies, PAGE_SIZES } from '@laurel/contract';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { pageInfo } from '@/api/query-keys';
import type { TFetchPickerPage } from '@/ui/remote-picker';

/** Badges for a badge reward: the spec's picker lists, page 1 of 100 first (spec 2 §2), searched by name. */
export const fetchBadgeOptions: TFetchPickerPage = async ({ page, size, search, signal }) => {
  const result = unwrap(
    await http.call(listBadges, { query: { page, size, search: search || undefined }, signal }),
  );
  return {
    options: result.content.map((badge) => ({
      value: badge._id,
      label: badge.name,
      description: badge.category,
    })),
    count: pageInfo(result).count,
  };
};

/** The client's wallet currencies for a cashback reward (at most 10, so one page holds them all). */
export const fetchCurrencyOptions: TFetchPickerPage = async ({ page, size, search, signal }) => {
  const result = unwrap(await http.call(listCurrencies, { query: { page, size }, signal }));
  const wanted = search.trim().toLowerCase();
  const options = result.content
    .filter((currency) => wanted === '' || `${currency.name} ${currency.code}`.toLowerCase().includes(wanted))
    .map((currency) => ({ value: currency._id, label: `${currency.name} (${currency.code})` }));
  return { options, count: wanted === '' ? pageInfo(result).count : options.length };
};

/** Badge and currency pickers load 100 a page (spec 2 §9); products and categories 5 (spec 1 §9). */
export const REWARD_PICKER_PAGE_SIZE = PAGE_SIZES.filterOptions;
export const PICKER_ERRORS = {
  badges: BADGE_MESSAGES.listFailed,
  currencies: COMMON_MESSAGES.somethingWentWrong,
  products: COMMON_MESSAGES.fetchProductsFailed,
  categories: COMMON_MESSAGES.getCategoriesFailed,
} as const;
