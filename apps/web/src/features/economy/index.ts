export { currenciesQuery } from './api';
export { WalletBalanceTile } from './components/wallet-balance-tile';
export { economyRoutes } from './routes';
