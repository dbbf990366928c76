export { CustomerProfilePage } from './customer-profile-page';
export { CustomersPage } from './customers-page';
