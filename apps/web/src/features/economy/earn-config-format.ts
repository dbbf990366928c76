import { formatMoney, type TCurrency, type TEarnConfig } from '@laurel/contract';

/** A count of excluded products or categories as the list shows it; none is a dash. */
export const exclusionCount = (ids: readonly string[] | null) =>
  ids && ids.length > 0 ? String(ids.length) : '—';

/** The currency's name from the earn target id, looked up against the loaded currencies (spec 3 §2). */
export const currencyNameOf = (config: Pick<TEarnConfig, 'earn_target'>, currencies: readonly TCurrency[]) =>
  currencies.find((currency) => currency._id === config.earn_target)?.name ?? '—';

const plain = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The rate as a share of spend: 5 per 100 is 5%. */
export const ratePercent = (triggerValue: number, earnAmount: number) =>
  `${(Math.round((earnAmount / triggerValue) * 100 * 1000) / 1000).toLocaleString('en-US')}%`;

/**
 * What a customer earns, in a line: '5 Coins for every R 100.00 spent, pro rata (5% cashback)' or '10 XP for every R 100.00
 * spent'; null until both numbers are there.
 */
export const earnSummary = (
  kind: 'cashback' | 'xp',
  triggerValue: number | '',
  earnAmount: number | '',
  symbol: string,
  currencyName: string | null,
) => {
  if (triggerValue === '' || earnAmount === '' || triggerValue <= 0 || earnAmount <= 0) return null;
  const spend = formatMoney(triggerValue, symbol);
  if (kind === 'xp') return `${plain(earnAmount)} XP for every ${spend} spent, pro rata`;
  const earned = currencyName ? `${plain(earnAmount)} ${currencyName}` : plain(earnAmount);
  return `${earned} for every ${spend} spent, pro rata (${ratePercent(triggerValue, earnAmount)} cashback)`;
};
