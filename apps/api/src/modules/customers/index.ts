/** What other areas may use of the customers area. */

export { customerIdByRef, customerRefCondition } from './customer-ref.queries';
export { customerWebhook } from './customer-webhooks';
export { searchPattern } from './customers.queries';
export { createCustomerImportTask } from './imports/import-runner';
