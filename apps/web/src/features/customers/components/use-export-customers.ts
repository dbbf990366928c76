import { requestCustomerExport } from '@laurel/contract';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { http } from '@/api/http';
import { sessionStore } from '@/api/session-store';
import { customerFilterQuery, type TCustomerListFilter } from '@/features/customers/api';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Reads the body chunk by chunk, reporting what has arrived (the export is streamed, often without a length). */
const readWithProgress = async (
  response: Response,
  onProgress: (received: number, total: number | null) => void,
) => {
  const total = Number(response.headers.get('content-length')) || null;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'text/csv' });
};

const failureMessage = async (response: Response) => {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not an envelope: the status says enough.
  }
  return `The download failed (${response.status}).`;
};

/** Hands the file to the browser as a download. */
const saveFile = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * 'Export CSV' (spec 1 §2.9): ask for the export with the table's filters, then fetch the file with the client
 * token and save it. Progress shows in a notification; failures are logged (spec 1 §8) and noted briefly.
 */
export const useExportCustomers = () => {
  const [running, setRunning] = useState(false);

  const run = async (filter: TCustomerListFilter) => {
    setRunning(true);
    const id = notifications.show({
      loading: true,
      title: 'Exporting customers',
      message: 'Preparing your file…',
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const session = sessionStore.get();
      const prepared = await http.call(requestCustomerExport, {
        body: { ...customerFilterQuery(filter), user_id: session?.user._id },
      });
      if (!prepared.success) {
        // A plan without exports: the upgrade prompt explains it better than a notice.
        if (prepared.status === 402 && openUpgradePrompt()) {
          notifications.hide(id);
          return;
        }
        throw new Error(prepared.message);
      }
      const { url, file_name } = prepared.content;
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${session?.client_token ?? ''}`, Accept: 'text/csv' },
      });
      if (!response.ok) throw new Error(await failureMessage(response));
      const blob = await readWithProgress(response, (received, total) =>
        notifications.update({
          id,
          loading: true,
          title: 'Exporting customers',
          message: total
            ? `Downloading… ${Math.round((received / total) * 100)}%`
            : `Downloading… ${formatBytes(received)}`,
          autoClose: false,
          withCloseButton: false,
        }),
      );
      saveFile(blob, file_name);
      notifications.update({
        id,
        loading: false,
        color: 'teal',
        title: 'Export ready',
        message: `${file_name} (${formatBytes(blob.size)})`,
        autoClose: 4000,
        withCloseButton: true,
      });
    } catch (error) {
      console.error('Customer export failed:', error);
      notifications.update({
        id,
        loading: false,
        color: 'red',
        title: 'Export failed',
        message: error instanceof Error ? error.message : 'The export could not be downloaded.',
        autoClose: 6000,
        withCloseButton: true,
      });
    } finally {
      setRunning(false);
    }
  };

  return { running, run };
};
