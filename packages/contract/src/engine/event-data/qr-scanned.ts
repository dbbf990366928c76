import { z } from 'zod';
import { ZExternalRef } from './money';

/** `qr.scanned`: one QR code scanned (numberOfQrScans). */
export const ZQrScannedData = z.object({
  code: ZExternalRef.optional(),
  /** What the code was for; a challenge's code_type scope (EARN or DISCOUNT) matches on it. */
  code_type: z.enum(['EARN', 'DISCOUNT']).optional(),
});
