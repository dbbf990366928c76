import { z } from 'zod';
import { ZExternalRef } from './money';

/** `gift.sent`: one gift sent to someone (numberOfGifts). */
export const ZGiftSentData = z.object({
  recipient: ZExternalRef.optional(),
});
