export { BasketsPage } from './baskets-page';
