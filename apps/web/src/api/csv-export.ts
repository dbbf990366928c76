import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { sessionStore } from '@/api/session-store';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

/**
 * What the first step of every export answers (DESIGN §9): where to fetch the file, its name (else the download's
 * Content-Disposition names it) and how many rows it holds, when known.
 */
export type TPreparedExport = { url: string; file_name?: string; row_count?: number };

/** `attachment; filename="x.csv"` -> x.csv. */
const attachmentName = (response: Response) =>
  /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
type TPrepareResult =
  | { success: true; content: TPreparedExport }
  | { success: false; status: number; message: string };

const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const NEWLINE = 10;
const countLines = (chunk: Uint8Array) => {
  let lines = 0;
  for (const byte of chunk) if (byte === NEWLINE) lines += 1;
  return lines;
};

/** Reads the streamed body chunk by chunk (it has no length), reporting bytes and lines so far. */
const readWithProgress = async (response: Response, onProgress: (bytes: number, lines: number) => void) => {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    lines += countLines(value);
    onProgress(bytes, lines);
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
export const saveFile = (blob: Blob, fileName: string) => {
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

const progressText = (bytes: number, lines: number, rows: number | undefined, headers: boolean) => {
  if (rows === undefined || rows === 0) return `Downloading… ${formatBytes(bytes)}`;
  const done = Math.min(rows, Math.max(0, lines - (headers ? 1 : 0)));
  return `Downloading… ${done.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows (${Math.round((done / rows) * 100)}%)`;
};

/**
 * 'Export CSV' for any list (DESIGN §9): `prepare` asks for the export with the table's filters, then the file is
 * fetched with the client token and saved. Progress shows in a notification; a plan without exports opens the
 * upgrade prompt; other failures are logged (spec 1 §8, spec 3 §4) and noted briefly.
 */
export const useCsvExport = (title: string) => {
  const [running, setRunning] = useState(false);

  /** `accept`: the file's media type when it is not CSV (a member's data export is JSON). */
  const run = async (
    prepare: () => Promise<TPrepareResult>,
    options: { includeHeaders?: boolean; accept?: string } = {},
  ) => {
    setRunning(true);
    const id = notifications.show({
      loading: true,
      title,
      message: 'Preparing your file…',
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const prepared = await prepare();
      if (!prepared.success) {
        // A plan without exports: the upgrade prompt explains it better than a notice.
        if (prepared.status === 402 && openUpgradePrompt()) {
          notifications.hide(id);
          return;
        }
        throw new Error(prepared.message);
      }
      const { url, file_name, row_count } = prepared.content;
      const response = await fetch(url, {
        headers: {
          Authorization: `Bearer ${sessionStore.get()?.client_token ?? ''}`,
          Accept: options.accept ?? 'text/csv',
        },
      });
      if (!response.ok) throw new Error(await failureMessage(response));
      const fileName = file_name ?? attachmentName(response);
      const blob = await readWithProgress(response, (bytes, lines) =>
        notifications.update({
          id,
          loading: true,
          title,
          message: progressText(bytes, lines, row_count, options.includeHeaders ?? true),
          autoClose: false,
          withCloseButton: false,
        }),
      );
      saveFile(blob, fileName);
      notifications.update({
        id,
        loading: false,
        color: 'teal',
        title: 'Export ready',
        message: `${fileName} (${formatBytes(blob.size)})`,
        autoClose: 4000,
        withCloseButton: true,
      });
    } catch (error) {
      console.error(`${title} failed:`, error);
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
