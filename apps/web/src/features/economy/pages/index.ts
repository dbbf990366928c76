export { CashbackConfigPage, XpConfigPage } from './earn-config-page';
export { CashbackConfigsPage, XpConfigsPage } from './earn-configs-page';
export { WalletPage } from './wallet-page';
