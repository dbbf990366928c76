import { z } from 'zod';

/** `user.logged-in`: one login (numberOfLogins). */
export const ZUserLoggedInData = z.object({
  channel: z.enum(['app', 'web', 'pos']).optional(),
});
