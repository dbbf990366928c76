export { currenciesQuery, customerWalletsQuery, invalidateCustomerBalances } from './api';
export { WalletBalanceTile } from './components/wallet-balance-tile';
export { WalletHistory } from './components/wallet-history';
export { economyRoutes } from './routes';
