import { normaliseCellNumber } from '../shared/contact';

/** The identifiers a customer may be named by (events, orders, redemptions, the integrator's lookup). */
export const CUSTOMER_REF_KINDS = ['_id', 'email', 'cell_number', 'external_id', 'loyalty_number'] as const;
export type TCustomerRefKind = (typeof CUSTOMER_REF_KINDS)[number];
export type TCustomerRef = Partial<Record<TCustomerRefKind, string>>;

/**
 * Which identifier a reference uses (the first given, in CUSTOMER_REF_KINDS order) and its value as stored:
 * ids and emails lower-cased (emails are compared case-insensitively), cell numbers normalised. Null for none.
 */
export const customerRefKey = (ref: TCustomerRef): { kind: TCustomerRefKind; value: string } | null => {
  const kind = CUSTOMER_REF_KINDS.find((k) => ref[k] !== undefined);
  const raw = kind ? ref[kind] : undefined;
  if (!kind || raw === undefined) return null;
  if (kind === '_id' || kind === 'email') return { kind, value: raw.toLowerCase() };
  if (kind === 'cell_number') return { kind, value: normaliseCellNumber(raw) ?? raw };
  return { kind, value: raw };
};
