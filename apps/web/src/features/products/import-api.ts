import {
  COMMON_MESSAGES,
  importProductCategories,
  importProducts,
  type TImportReport,
  ZImportReport,
} from '@laurel/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/api/http';
import { ApiError } from '@/api/http-client';
import { useInvalidateCatalogue } from '@/features/products/api';

// Apart from api.ts: reading an import's report takes zod, which the catalogue's other pages do not need.

export type TImportKind = 'products' | 'categories';

/** What an import answered: the report, whether or not anything was written, and the server's message. */
export type TImportOutcome = { report: TImportReport; message: string };

/**
 * `POST /api/products/import` or `/api/product-categories/import` with the file as multipart. A file with errors is
 * answered 400 with the report and nothing written; that is an outcome to show, not a failure. Other failures
 * (too large, no header…) throw for the message modal.
 */
export const useImportCatalogue = () => {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: async ({
      kind,
      file,
      skipInvalid,
    }: {
      kind: TImportKind;
      file: File;
      skipInvalid: boolean;
    }): Promise<TImportOutcome> => {
      const form = new FormData();
      form.append('file', file, file.name);
      const endpoint = kind === 'products' ? importProducts : importProductCategories;
      const result = await http.call(endpoint, { query: { skip_invalid: skipInvalid }, body: form });
      if (result.success) return { report: result.content, message: result.message };
      const report = ZImportReport.safeParse(result.content);
      if (result.status === 400 && report.success) return { report: report.data, message: result.message };
      throw new ApiError(result);
    },
    onSuccess: async (outcome) => {
      if (outcome.report.imported) await invalidate();
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};
