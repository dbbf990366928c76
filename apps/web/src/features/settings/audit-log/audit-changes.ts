import {
  dayOfWeekName,
  FEATURE_AREA_LABELS,
  PERMISSION_ACTION_LABELS,
  STORE_STATUS_LABELS,
  type TAuditEntry,
  type TFeatureArea,
  type TPermissionAction,
} from '@laurel/contract';

export type TChangeRow = { field: string; from: string; to: string };

const EMPTY = '—';

type TPlain = Record<string, unknown>;
const isPlainObject = (value: unknown): value is TPlain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'delivery_fee_type' -> 'Delivery fee type'. */
export const changeLabel = (key: string) => {
  if (key in FEATURE_AREA_LABELS) return FEATURE_AREA_LABELS[key as TFeatureArea];
  if (key in PERMISSION_ACTION_LABELS) return PERMISSION_ACTION_LABELS[key as TPermissionAction];
  const words = key.replace(/[_-]+/g, ' ').trim();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

const storeStatusLabel = (value: unknown) =>
  STORE_STATUS_LABELS[value as keyof typeof STORE_STATUS_LABELS] ?? String(value);

/** One value as a short text: booleans as Yes/No, known codes as their labels, lists and records inline. */
export const formatChangeValue = (value: unknown, key = ''): string => {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // Fees are money: two decimals, as the branch form shows them.
  if (typeof value === 'number' && /(^|_)fee($|_)/.test(key)) return value.toFixed(2);
  if (key === 'delivery_radii' && Array.isArray(value)) {
    if (value.length === 0) return EMPTY;
    return value
      .map((row) =>
        isPlainObject(row) ? `${String(row.radius)} km: ${formatChangeValue(row.fee, 'fee')}` : String(row),
      )
      .join(', ');
  }
  if (Array.isArray(value))
    return value.length === 0 ? EMPTY : value.map((item) => formatChangeValue(item)).join(', ');
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== null && item !== undefined);
    return entries.length === 0
      ? EMPTY
      : entries.map(([name, item]) => `${changeLabel(name)}: ${formatChangeValue(item, name)}`).join(', ');
  }
  return String(value);
};

type TTradingTime = { day?: unknown; from?: unknown; to?: unknown; status?: unknown };
const tradingTimeText = (time: TTradingTime | undefined) => {
  if (!time) return EMPTY;
  const status = storeStatusLabel(time.status);
  return time.status === 1 ? `${String(time.from)}–${String(time.to)} ${status}` : status;
};

/** A trading-times change, day by day: only the days that changed. */
const tradingTimeRows = (label: string, from: unknown, to: unknown): TChangeRow[] => {
  const asList = (value: unknown) => (Array.isArray(value) ? (value as TTradingTime[]) : []);
  const before = asList(from);
  const after = asList(to);
  const days = [...new Set([...before, ...after].map((time) => Number(time.day)))].sort((a, b) => a - b);
  return days.flatMap((day) => {
    const a = tradingTimeText(before.find((time) => Number(time.day) === day));
    const b = tradingTimeText(after.find((time) => Number(time.day) === day));
    return a === b ? [] : [{ field: `${label} › ${dayOfWeekName(day) ?? `Day ${day}`}`, from: a, to: b }];
  });
};

/** Records whose fields read well on their own: 'Delivery fee type' rather than 'Delivery settings › Delivery fee type'. */
const SELF_EXPLAINING = new Set(['delivery_settings', 'stock_replacement', 'address']);
const childLabel = (parentKey: string, parentLabel: string, key: string) => {
  if (parentKey === 'address' && key === 'full_address') return parentLabel;
  return SELF_EXPLAINING.has(parentKey) ? changeLabel(key) : `${parentLabel} › ${changeLabel(key)}`;
};

/** A change as rows: records are opened up field by field, so that only what changed is listed. */
const rowsOf = (key: string, label: string, from: unknown, to: unknown): TChangeRow[] => {
  if (key === 'trading_times') return tradingTimeRows(label, from, to);
  if ((isPlainObject(from) || from == null) && (isPlainObject(to) || to == null) && (from || to)) {
    const before = (from ?? {}) as TPlain;
    const after = (to ?? {}) as TPlain;
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((name) =>
      JSON.stringify(before[name] ?? null) === JSON.stringify(after[name] ?? null)
        ? []
        : rowsOf(name, childLabel(key, label, name), before[name], after[name]),
    );
  }
  return [{ field: label, from: formatChangeValue(from, key), to: formatChangeValue(to, key) }];
};

/** The entry's changes as 'field: from → to' rows. */
export const changeRowsOf = (changes: TAuditEntry['changes']): TChangeRow[] =>
  Object.entries(changes ?? {}).flatMap(([key, change]) =>
    rowsOf(key, changeLabel(key), change.from, change.to),
  );
