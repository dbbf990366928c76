import { z } from 'zod';

/**
 * Customer (loyalty member) statuses; a new customer starts AWAITING-SIGNUP (spec 1 §3-4). ERASED is final: the
 * member's personal data was removed on request (privacy) and nothing may change them again.
 */
export const ZCustomerStatus = z.enum(['AWAITING-SIGNUP', 'ACTIVE', 'SUSPENDED', 'ERASED']);
export type TCustomerStatus = z.infer<typeof ZCustomerStatus>;
export const CUSTOMER_STATUSES = ZCustomerStatus.options;
export const INITIAL_CUSTOMER_STATUS: TCustomerStatus = 'AWAITING-SIGNUP';

/** Suspend is offered unless the customer is already SUSPENDED; then activate is offered. */
export const customerBlockAction = (status: TCustomerStatus): 'suspend' | 'activate' =>
  status === 'SUSPENDED' ? 'activate' : 'suspend';
