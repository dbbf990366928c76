import {
  API_PREFIX,
  COMMON_MESSAGES,
  downloadCustomerImportErrors,
  getCustomerImport,
  listCustomerImports,
  startCustomerImport,
  type TCustomerImport,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '@/api/http';
import { buildPath, type TUploadProgress, unwrap } from '@/api/http-client';
import { areaKeys, pageInfo } from '@/api/query-keys';
import { customerKeys } from '@/features/customers/api';
import { IMPORT_TEXTS } from '@/features/customers/import-texts';

// Apart from api.ts: only the Import page needs these.

export const customerImportKeys = areaKeys('customer-imports');

/** How often a queued or running import is read again (the API's advice: about once a second). */
export const IMPORT_POLL_MS = 1000;

export const isImportFinished = (run: Pick<TCustomerImport, 'status'>) =>
  run.status === 'completed' || run.status === 'failed';

/** `GET /api/customers/imports/{id}`: read again every second while it is queued or running. */
export const customerImportQuery = (id: string) =>
  queryOptions({
    queryKey: customerImportKeys.detail(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getCustomerImport, { params: { id }, signal })).content,
    refetchInterval: (query) => {
      const run = query.state.data;
      return run && !isImportFinished(run) ? IMPORT_POLL_MS : false;
    },
    staleTime: 0,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/customers/imports?page=&size=`: the history, newest first. */
export const customerImportsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: customerImportKeys.list({ page, size }),
    queryFn: async ({ signal }) => {
      const result = unwrap(await http.call(listCustomerImports, { query: { page, size }, signal }));
      return { imports: result.content, ...pageInfo(result) };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** Where every failed row of an import is served as CSV (client token). */
export const importErrorsUrl = (id: string) =>
  `${API_PREFIX}${buildPath(downloadCustomerImportErrors.path, { id })}`;

/** A finished import changes the customers (and what the history shows): those reload. */
export const useImportFinished = () => {
  const queryClient = useQueryClient();
  return (run: TCustomerImport) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerImportKeys.lists }),
      run.dry_run ? null : queryClient.invalidateQueries({ queryKey: customerKeys.all }),
    ]);
};

/**
 * `POST /api/customers/imports` (multipart: `dry_run`, then the file, so that the server's streaming reader has the
 * flag before the rows), with the upload's progress. Answers the queued import; failures (a header problem, too
 * large) open the message modal with the area's title and the server's message.
 */
export const useStartCustomerImport = () => {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<TUploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('dry_run', String(dryRun));
      form.append('file', file, file.name);
      setProgress({ loaded: 0, total: file.size });
      return unwrap(await http.upload(startCustomerImport, { body: form }, setProgress)).content;
    },
    onSuccess: (started) => {
      queryClient.setQueryData(customerImportKeys.detail(started._id), started);
      return queryClient.invalidateQueries({ queryKey: customerImportKeys.lists });
    },
    onSettled: () => setProgress(null),
    meta: { errorTitle: IMPORT_TEXTS.startFailed },
  });
  return { ...mutation, progress };
};
