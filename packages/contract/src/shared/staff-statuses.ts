import { z } from 'zod';

/** The status choice on the staff user form (spec 1 §4). */
export const ZStaffFormStatus = z.enum(['ACTIVE', 'INACTIVE']);
export type TStaffFormStatus = z.infer<typeof ZStaffFormStatus>;
export const STAFF_FORM_STATUSES = ZStaffFormStatus.options;
export const STAFF_FORM_STATUS_LABELS: Record<TStaffFormStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

/** Employee statuses seen on staff records. */
export const ZEmployeeStatus = z.enum(['ACTIVE', 'BLOCKED', 'DORMANT']);
export type TEmployeeStatus = z.infer<typeof ZEmployeeStatus>;
export const EMPLOYEE_STATUSES = ZEmployeeStatus.options;
