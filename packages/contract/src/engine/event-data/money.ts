import { z } from 'zod';

/** A decimal amount of money with at most two places (DESIGN §9), never negative. */
export const ZEventMoney = z
  .number({ error: 'must be a number' })
  .finite('must be a number')
  .min(0, 'must not be negative')
  .max(999_999_999, 'must not be more than 999999999')
  .refine(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    'must have at most two decimal places',
  );

/** A reference chosen by the integrator (an order id, a voucher code…). */
export const ZExternalRef = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(64, 'must not be more than 64 characters');
