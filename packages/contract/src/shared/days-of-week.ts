import { z } from 'zod';

/** Trading-time days: Sunday to Saturday as 0 to 6, plus Public Holidays as 7 (spec 1 §9). */
export const ZDayOfWeekName = z.enum([
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Public Holidays',
]);
export type TDayOfWeekName = z.infer<typeof ZDayOfWeekName>;

export const DAYS_OF_WEEK = ZDayOfWeekName.options.map((name, id) => ({ id, name }));
export const PUBLIC_HOLIDAYS_DAY_ID = ZDayOfWeekName.options.indexOf('Public Holidays');

export const ZDayOfWeekId = z
  .number()
  .int()
  .min(0)
  .max(ZDayOfWeekName.options.length - 1);
export type TDayOfWeekId = z.infer<typeof ZDayOfWeekId>;

export const dayOfWeekName = (id: number): TDayOfWeekName | undefined => ZDayOfWeekName.options[id];
