import { vi } from 'vitest';

export type TXhrCall = { method: string; url: string; headers: Headers; body: unknown };

const bodySize = (body: unknown) => {
  if (body instanceof FormData) {
    let size = 0;
    for (const [, value] of body) size += typeof value === 'string' ? value.length : value.size;
    return size;
  }
  return typeof body === 'string' ? body.length : 0;
};

/**
 * Stubs XMLHttpRequest (uploads with progress) with one that reports its body going up in the given steps, then
 * waits for `release` when `hold` is set, and hands the request to `fetch` — the stubbed one of `stubApi`, whose
 * answers it returns. Every request is recorded with its body (a FormData stays readable).
 */
export const stubXhr = ({ steps = [0.5, 1], hold = false }: { steps?: number[]; hold?: boolean } = {}) => {
  const calls: TXhrCall[] = [];
  let release: () => void = () => undefined;
  const released = hold
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();

  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly requestHeaders = new Headers();
    private responseHeaders = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.requestHeaders.set(name, value);
    }

    getAllResponseHeaders() {
      return [...this.responseHeaders].map(([name, value]) => `${name}: ${value}`).join('\r\n');
    }

    abort() {
      this.dispatchEvent(new Event('abort'));
    }

    send(body: unknown) {
      calls.push({ method: this.method, url: this.url, headers: this.requestHeaders, body });
      const total = bodySize(body);
      void (async () => {
        for (const step of steps) {
          await Promise.resolve();
          this.upload.dispatchEvent(
            Object.assign(new Event('progress'), {
              lengthComputable: true,
              loaded: Math.round(total * step),
              total,
            }),
          );
        }
        await released;
        try {
          const response = await fetch(this.url, {
            method: this.method,
            headers: this.requestHeaders,
            body: body as BodyInit,
          });
          this.status = response.status;
          this.responseHeaders = response.headers;
          this.responseText = await response.text();
          this.dispatchEvent(new Event('load'));
        } catch {
          this.dispatchEvent(new Event('error'));
        }
      })();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { calls, release: () => release() };
};
