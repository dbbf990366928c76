import { z } from 'zod';

/** Platform event topics (spec 1 §9), named `<collection>.<event>`. */
export const ZEventTopic = z.enum([
  'users.created',
  'users.updated',
  'users.logged-in',
  'baskets.created',
  'baskets.updated',
  'orders.created',
  'orders.viewed',
  'orders.updated',
  'orders.status-change',
  'parcels.created',
  'parcels.packed',
  'parcels.fulfilled',
  'parcels.updated',
  'parcels.status-change',
  'loyaltyprograms.created',
  'loyaltyprograms.updated',
]);
export type TEventTopic = z.infer<typeof ZEventTopic>;
export const EVENT_TOPICS = ZEventTopic.options;
