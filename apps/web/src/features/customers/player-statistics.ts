import { formatMoney, isSystemStatistic, SYSTEM_STATISTICS, tierByNumber } from '@laurel/contract';

export type TStatisticRow = { name: string; label: string; value: string };

/** Words people read for a statistic's name: 'numberOfLogins' -> 'Number of logins', 'xp' -> 'XP'. */
export const statisticLabel = (name: string) => {
  if (name === 'xp') return 'XP';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const text = words.join(' ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : name;
};

/** Money where the engine keeps money, the tier's name for the tier, plain numbers otherwise. */
export const statisticValue = (name: string, value: number, currencySymbol: string) => {
  if (name === 'totalOrderValue') return formatMoney(value, currencySymbol);
  if (name === 'tier') return tierByNumber(value) ?? String(value);
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
};

/** System statistics first, in the engine's order; the client's own after them, by name. */
export const statisticRows = (
  statistics: Record<string, number>,
  currencySymbol: string,
): TStatisticRow[] => {
  const rank = (name: string) =>
    isSystemStatistic(name) ? SYSTEM_STATISTICS.indexOf(name) : SYSTEM_STATISTICS.length;
  return Object.entries(statistics)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([name, value]) => ({
      name,
      label: statisticLabel(name),
      value: statisticValue(name, value, currencySymbol),
    }));
};
