/** What other areas may use of the orders area. */
export {
  type Buyer,
  checkBranch,
  type PricedItem,
  priceItems,
  requestHash,
  resolveCustomer,
  sumMinor,
} from './commerce-input';
export { type PageSpec, pageIds, pageIdsQuery } from './list-paging';
export { orderRoutes } from './orders.routes';
