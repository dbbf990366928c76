export { UserPage } from './user-page';
export { UsersPage } from './users-page';
