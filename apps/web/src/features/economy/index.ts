export { currenciesQuery, customerWalletsQuery, invalidateCustomerBalances } from './api';
export { WalletBalanceTile } from './components/wallet-balance-tile';
export { economyRoutes } from './routes';
