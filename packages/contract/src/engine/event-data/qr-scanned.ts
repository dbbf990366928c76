import { z } from 'zod';
import { ZExternalRef } from './money';

/** `qr.scanned`: one QR code scanned (numberOfQrScans). */
export const ZQrScannedData = z.object({
  code: ZExternalRef.optional(),
});
