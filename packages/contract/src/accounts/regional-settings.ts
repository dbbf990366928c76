import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { CURRENCY_SYMBOLS } from '../shared/currency-codes';
import { DEFAULT_TIME_ZONE } from '../shared/dates';

export const REGIONAL_SETTINGS_MESSAGES = {
  timeZone: 'Choose a time zone from the list',
  currencySymbol: 'Choose a currency symbol from the list',
  saved: 'Regional settings saved.',
} as const;

/** Listed once, on first use: a property rather than a `let`, which the console's per-export modules cannot reassign. */
const known: { zones?: readonly string[] } = {};

/**
 * The IANA time zones this runtime knows, 'UTC' first (ICU lists it only as an alias). The server validates with
 * its own list; the console offers the browser's.
 */
export const timeZoneOptions = (): readonly string[] => {
  known.zones ??= [
    DEFAULT_TIME_ZONE,
    ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []).filter(
      (zone) => zone !== DEFAULT_TIME_ZONE,
    ),
  ];
  return known.zones;
};

const canonicalTimeZone = (zone: string) => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/**
 * A listed zone, or another IANA name (Area/Location) of one: runtimes list different names for some zones (V8
 * 'Europe/Kiev' and 'Asia/Calcutta', others 'Europe/Kyiv' and 'Asia/Kolkata'), and a browser's choice must pass.
 */
export const isKnownTimeZone = (zone: string) => {
  const options = timeZoneOptions();
  if (options.includes(zone)) return true;
  const canonical = zone.includes('/') ? canonicalTimeZone(zone) : null;
  return canonical !== null && options.includes(canonical);
};

export const ZTimeZone = z
  .string({ error: REGIONAL_SETTINGS_MESSAGES.timeZone })
  .refine(isKnownTimeZone, { error: REGIONAL_SETTINGS_MESSAGES.timeZone });

/**
 * Where the business is (spec 1 §2.16, DESIGN §5 and §9): its time zone sets day boundaries, statistic resets and
 * the dashboard's days; its currency symbol is shown beside every amount.
 */
export const ZRegionalSettings = z.object({
  time_zone: ZTimeZone,
  currency_symbol: z.enum(CURRENCY_SYMBOLS, { error: REGIONAL_SETTINGS_MESSAGES.currencySymbol }),
});
export type TRegionalSettings = z.infer<typeof ZRegionalSettings>;

export const saveRegionalSettings = defineEndpoint({
  method: 'PUT',
  path: '/client/regional-settings',
  permission: 'ADMIN',
  token: 'client',
  summary:
    "Save the business's time zone (IANA) and currency symbol. From then on, day boundaries, statistic resets and the dashboard's days follow the new zone; a statistic's current period runs on to the zone's next boundary. Audit-logged",
  tags: ['accounts'],
  body: ZRegionalSettings,
  response: envelopeOf(ZRegionalSettings),
});
