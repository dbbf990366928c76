/** Console users pages (spec 1 §2.13). */
export const USER_MESSAGES = {
  listTitle: 'Users',
  addUser: 'Add User',
  editUser: 'Edit User',
  backToUsers: 'Back to Users',
  createFailedTitle: 'Something went wrong!',
} as const;
