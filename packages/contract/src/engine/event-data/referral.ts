import { z } from 'zod';
import { ZExternalRef } from './money';

/** `referral`: the customer referred someone (numberOfReferrals). */
export const ZReferralData = z.object({
  referred: ZExternalRef.optional(),
});
