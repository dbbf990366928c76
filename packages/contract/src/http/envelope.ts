import { z } from 'zod';

/**
 * Every API response: `{ success, message, content, pagination? }` (DESIGN §3). `count_capped`: a long list's server
 * stopped counting at its cap (DESIGN §9), so `count` is the cap + 1 and reads '1,000+'.
 */
export const ZPagination = z.object({
  count: z.number().int(),
  hasMore: z.boolean(),
  count_capped: z.boolean().optional(),
});
export type TPagination = z.infer<typeof ZPagination>;

export const ZFieldError = z.object({ field: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;

export const envelopeOf = <T extends z.ZodType>(content: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    content,
    pagination: ZPagination.optional(),
  });

export type TEnvelope<T> = {
  success: boolean;
  message: string;
  content: T;
  pagination?: TPagination;
};

/** The content of a 400: all field errors; `message` carries the first. */
export const ZValidationErrorContent = z.object({ errors: z.array(ZFieldError) });
export type TValidationErrorContent = z.infer<typeof ZValidationErrorContent>;
