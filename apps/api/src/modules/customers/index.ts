/** What other areas may use of the customers area. */

export { customerIdByRef, customerRefCondition } from './customer-ref.queries';
export { searchPattern } from './customers.queries';
export { createCustomerImportTask } from './imports/import-runner';
