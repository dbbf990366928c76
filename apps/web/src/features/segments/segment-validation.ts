import { ZSaveSegmentRequest } from '@laurel/contract';
import {
  bodyOf,
  collect,
  type TSegmentFormResult,
  type TSegmentFormValues,
} from '@/features/segments/segment-form-values';
import '@/ui/plain-form-messages';

// The segment's checks, apart from its values: they take zod, which the editor loads once edited.

/**
 * The body the editor would send, checked by the contract's own schema, so that the fields show the spec's
 * messages ('Statistic is required', 'Badge/Item is required'…) exactly as the server would.
 */
export const parseSegmentForm = (values: TSegmentFormValues): TSegmentFormResult => {
  const body = bodyOf(values);
  const parsed = ZSaveSegmentRequest.safeParse(body);
  // The parsed body: names trimmed, rule values as numbers.
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, errors: collect(values, parsed.error.issues) };
};
