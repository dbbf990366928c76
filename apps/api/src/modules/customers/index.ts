/** What other areas may use of the customers area. */

export { customerIdByRef, customerRefCondition } from './customer-ref.queries';
export { createCustomerImportTask } from './imports/import-runner';
