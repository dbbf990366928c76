import type { TEventLogEntry } from '@laurel/contract';

/** The ids Laurel gives the events of the orders it records: `order:<order _id>`, then `:status:<n>` for a change. */
const LAUREL_ORDER_EVENT_ID = /^order:([0-9a-f]{24})(?::status:\d+)?$/;

export type TEventOrder = { id: string; number: string };

/**
 * The order an event of Laurel's own order intake is about: its id for a link, and the number the till or shop gave
 * it (`data.order_id`), which is what a person knows it by. Null for any other event.
 */
export const eventOrder = (event: Pick<TEventLogEntry, 'event_id' | 'type' | 'data'>): TEventOrder | null => {
  if (event.type !== 'order.created' && event.type !== 'order.status-change') return null;
  const id = LAUREL_ORDER_EVENT_ID.exec(event.event_id)?.[1];
  const number = event.data.order_id;
  return id && typeof number === 'string' && number !== '' ? { id, number } : null;
};
