import { getHealth, HTTP_CLIENT_MESSAGES, listSegmentPlayers, uploadFile } from '@laurel/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  buildPath,
  buildQueryString,
  createHttpClient,
  DATA_AS_OF_HEADER,
  type TUploadProgress,
  unwrap,
} from '@/api/http-client';
import { stubXhr } from '@/test/stub-xhr';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const tokens = {
  user: 'user-jwt',
  client: 'client-jwt',
  media: 'media-jwt',
  payment: 'payment-jwt',
} as const;

const setup = (respond: (url: string, init: RequestInit) => Promise<Response>) => {
  const fetchMock = vi.fn(respond);
  const onUnauthorized = vi.fn();
  const client = createHttpClient({
    baseUrl: '/api',
    fetch: fetchMock as unknown as typeof fetch,
    getToken: (kind) => tokens[kind],
    onUnauthorized,
  });
  return { client, fetchMock, onUnauthorized };
};

describe('buildQueryString', () => {
  it('skips undefined, null and empty strings', () => {
    expect(buildQueryString({ a: undefined, b: null, c: '', d: 'x' })).toBe('?d=x');
  });

  it('keeps booleans, false included, and zero', () => {
    expect(buildQueryString({ active: false, loyalty: true, page: 0 })).toBe(
      '?active=false&loyalty=true&page=0',
    );
  });

  it('repeats the key for a list and skips its empty items', () => {
    expect(buildQueryString({ branch_id_list: ['a1', '', null, 'b2'] })).toBe(
      '?branch_id_list=a1&branch_id_list=b2',
    );
  });

  it('encodes values and gives nothing for an empty query', () => {
    expect(buildQueryString({ search_string: 'a&b c' })).toBe('?search_string=a%26b+c');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });
});

describe('buildPath', () => {
  it('fills required and drops missing optional parameters', () => {
    expect(buildPath('/badges/:id', { id: 'b/1' })).toBe('/badges/b%2F1');
    expect(buildPath('/user/:userId?', {})).toBe('/user');
  });

  it('throws on a missing required parameter', () => {
    expect(() => buildPath('/badges/:id', {})).toThrow(/id/);
  });
});

describe('createHttpClient: success', () => {
  it('returns the envelope with its pagination and sends the requested token', async () => {
    const { client, fetchMock } = setup(async () =>
      json(200, {
        success: true,
        message: 'OK',
        content: [{ id: 1 }],
        pagination: { count: 1, hasMore: false },
      }),
    );
    const result = await client.get<{ id: number }[]>('/badges', {
      token: 'client',
      query: { page: 1, search_string: '' },
    });

    expect(result).toEqual({
      success: true,
      status: 200,
      message: 'OK',
      content: [{ id: 1 }],
      pagination: { count: 1, hasMore: false },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/badges?page=1');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer client-jwt');
  });

  it.each([
    ['user', 'user-jwt'],
    ['media', 'media-jwt'],
    ['payment', 'payment-jwt'],
  ] as const)('sends the %s token', async (kind, expected) => {
    const { client, fetchMock } = setup(async () => json(200, { success: true, message: '', content: null }));
    await client.get('/x', { token: kind });
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Authorization')).toBe(`Bearer ${expected}`);
  });

  it('sends no Authorization header for token none and a JSON body', async () => {
    const { client, fetchMock } = setup(async () =>
      json(200, { success: true, message: 'Signed in', content: {} }),
    );
    await client.post('/v2/client-user/signin', { token: 'none', body: { email: 'a@b.co' } });
    const init = fetchMock.mock.calls[0]![1];
    const headers = new Headers(init.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('passes FormData through without a JSON content type', async () => {
    const { client, fetchMock } = setup(async () => json(200, { success: true, message: '', content: {} }));
    const form = new FormData();
    form.append('name', 'logo');
    await client.post('/upload/upload', { token: 'media', body: form });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('calls an upload endpoint with a FormData body and the media token', async () => {
    const { client, fetchMock } = setup(async () =>
      json(200, { success: true, message: 'File uploaded.', content: { location: 'http://x/media/a.png' } }),
    );
    const form = new FormData();
    form.append('type', 'IMAGE');
    const result = await client.call(uploadFile, { body: form });
    if (result.success) expect(result.content.location).toBe('http://x/media/a.png');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/upload/upload');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer media-jwt');
  });

  it('calls a contract endpoint with its method, path and token', async () => {
    const health = { status: 'ok', version: '0.1.0' };
    const { client, fetchMock } = setup(async () =>
      json(200, { success: true, message: 'OK', content: health }),
    );
    const result = await client.call(getHealth);
    expect(result).toMatchObject({ success: true, content: health });
    if (result.success) expect(result.content.status).toBe('ok');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/health');
    expect(init.method).toBe('GET');
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });
});

describe('createHttpClient: failures', () => {
  it('maps a rejected fetch to could-not-connect with status 0', async () => {
    const { client } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await client.get('/badges', { token: 'client' })).toEqual({
      success: false,
      status: 0,
      message: 'Client could not connect to the server',
      content: null,
    });
  });

  it('maps an error before sending to never-left-the-browser, without calling fetch', async () => {
    const { client, fetchMock } = setup(async () => json(200, {}));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const result = await client.post('/badges', { token: 'client', body: circular });
    expect(result).toEqual({
      success: false,
      status: 0,
      message:
        'Client request never left the browser and therefore never received a response from the server',
      content: null,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('maps a missing path parameter to never-left-the-browser', async () => {
    const { client, fetchMock } = setup(async () => json(200, {}));
    const result = await client.put('/badges/:id', { token: 'client', params: {}, body: {} });
    expect(result).toMatchObject({ success: false, status: 0, message: HTTP_CLIENT_MESSAGES.neverLeft });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives a 400 envelope its server message and content', async () => {
    const content = { errors: [{ field: 'email', message: 'Email is required.' }] };
    const { client } = setup(async () =>
      json(400, { success: false, message: 'Email is required.', content }),
    );
    expect(await client.post('/x', { token: 'none', body: {} })).toEqual({
      success: false,
      status: 400,
      message: 'Email is required.',
      content,
    });
  });

  it.each([403, 404, 409, 413, 429])('gives a %i envelope its server message', async (status) => {
    const { client } = setup(async () =>
      json(status, { success: false, message: `Server says ${status}`, content: null }),
    );
    const result = await client.get('/x', { token: 'client' });
    expect(result).toMatchObject({ success: false, status, message: `Server says ${status}` });
  });

  it('gives a 4xx without an envelope the error-response message', async () => {
    const { client } = setup(async () => new Response('<html>Not found</html>', { status: 404 }));
    expect(await client.get('/x', { token: 'client' })).toEqual({
      success: false,
      status: 404,
      message: 'Client was given an error response',
      content: null,
    });
  });

  it.each([500, 502, 503])('gives a %i the error-response message even with an envelope', async (status) => {
    const { client } = setup(async () =>
      json(status, { success: false, message: 'Internal detail', content: null }),
    );
    expect(await client.get('/x', { token: 'client' })).toMatchObject({
      success: false,
      status,
      message: 'Client was given an error response',
    });
  });

  it('gives a 2xx without an envelope the error-response message', async () => {
    const { client } = setup(async () => new Response('<!doctype html>', { status: 200 }));
    expect(await client.get('/x', { token: 'client' })).toMatchObject({
      success: false,
      status: 200,
      message: 'Client was given an error response',
    });
  });

  it('treats an envelope that reports success false as a failure with its message', async () => {
    const { client } = setup(async () =>
      json(200, { success: false, message: 'Not allowed', content: null }),
    );
    expect(await client.get('/x', { token: 'client' })).toMatchObject({
      success: false,
      message: 'Not allowed',
    });
  });

  it('ends the session on a 401 to a request with a token and keeps the server message', async () => {
    const { client, onUnauthorized } = setup(async () =>
      json(401, { success: false, message: 'Your session has expired.', content: null }),
    );
    const result = await client.get('/v2/client', { token: 'client', query: { _id: 'c1' } });
    expect(result).toMatchObject({ success: false, status: 401, message: 'Your session has expired.' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not end a session on a 401 to a request without a token (wrong password at sign-in)', async () => {
    const { client, onUnauthorized } = setup(async () =>
      json(401, { success: false, message: 'Incorrect email or password.', content: null }),
    );
    const result = await client.post('/v2/client-user/signin', { token: 'none', body: {} });
    expect(result.message).toBe('Incorrect email or password.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('answers a 204 with success and no content', async () => {
    const { client } = setup(async () => new Response(null, { status: 204 }));
    expect(await client.delete('/x/1', { token: 'client' })).toEqual({
      success: true,
      status: 204,
      message: '',
      content: null,
    });
  });
});

describe('createHttpClient: upload with progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  const form = () => {
    const body = new FormData();
    body.append('file', new File(['a'.repeat(1000)], 'big.png'), 'big.png');
    return body;
  };

  it('reports the body going up, sends the token and maps the envelope as call does', async () => {
    const xhr = stubXhr({ steps: [0.25, 1] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, message: 'Uploaded', content: { location: 'x' } })),
    );
    const { client } = setup(async () => json(500, {}));
    const seen: TUploadProgress[] = [];
    const result = await client.upload(uploadFile, { body: form() }, (progress) => seen.push(progress));
    expect(result).toEqual({ success: true, status: 200, message: 'Uploaded', content: { location: 'x' } });
    expect(seen).toEqual([
      { loaded: 250, total: 1000 },
      { loaded: 1000, total: 1000 },
    ]);
    expect(xhr.calls[0]?.method).toBe('POST');
    expect(xhr.calls[0]?.url).toBe('/api/upload/upload');
    expect(xhr.calls[0]?.headers.get('Authorization')).toBe('Bearer media-jwt');
  });

  it("gives the server's message for a 413 and the connect message when the request fails", async () => {
    stubXhr();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(413, { success: false, message: 'Too large.', content: null })),
    );
    const { client } = setup(async () => json(500, {}));
    expect(await client.upload(uploadFile, { body: form() }, () => undefined)).toMatchObject({
      success: false,
      status: 413,
      message: 'Too large.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(await client.upload(uploadFile, { body: form() }, () => undefined)).toMatchObject({
      success: false,
      status: 0,
      message: HTTP_CLIENT_MESSAGES.couldNotConnect,
    });
  });
});

describe('createHttpClient: data as of (replica reads)', () => {
  const AS_OF = '2026-11-29T14:03:27.512Z';
  const answer = (status: number, body: unknown, asOf?: string) => {
    const response = json(status, body);
    if (asOf !== undefined) response.headers.set(DATA_AS_OF_HEADER, asOf);
    return response;
  };
  const setupAsOf = (respond: () => Response) => {
    const onDataAsOf = vi.fn();
    const client = createHttpClient({
      baseUrl: '/api',
      fetch: vi.fn(async () => respond()) as unknown as typeof fetch,
      getToken: (kind) => tokens[kind],
      onDataAsOf,
    });
    return { client, onDataAsOf };
  };
  const players = { success: true, message: 'OK', content: [], pagination: { count: 0, hasMore: false } };

  it("records the header's instant under the endpoint's path template and gives it with the answer", async () => {
    const { client, onDataAsOf } = setupAsOf(() => answer(200, players, AS_OF));
    const result = await client.call(listSegmentPlayers, {
      params: { id: '507f1f77bcf86cd799439011' },
      query: { page: 1, size: 10 },
    });
    expect(result).toMatchObject({ success: true, asOf: AS_OF });
    expect(onDataAsOf).toHaveBeenCalledExactlyOnceWith('/segments/:id/players', AS_OF);
  });

  it('records null for an answer from the primary (no header) and adds no asOf to it', async () => {
    const { client, onDataAsOf } = setupAsOf(() => answer(200, players));
    const result = await client.get('/dashboard', { token: 'client' });
    expect(result).not.toHaveProperty('asOf');
    expect(onDataAsOf).toHaveBeenCalledExactlyOnceWith('/dashboard', null);
  });

  it('reads an unreadable header as none and normalises a readable one to ISO', async () => {
    const unreadable = setupAsOf(() => answer(200, players, 'yesterday-ish'));
    expect(await unreadable.client.get('/dashboard', { token: 'client' })).not.toHaveProperty('asOf');
    expect(unreadable.onDataAsOf).toHaveBeenCalledWith('/dashboard', null);

    const offset = setupAsOf(() => answer(200, players, '2026-11-29T16:03:27.512+02:00'));
    expect(await offset.client.get('/dashboard', { token: 'client' })).toMatchObject({ asOf: AS_OF });
  });

  it('records nothing for a failure, even one carrying the header', async () => {
    const { client, onDataAsOf } = setupAsOf(() =>
      answer(400, { success: false, message: 'Bad page.', content: null }, AS_OF),
    );
    expect(await client.get('/integrations/events', { token: 'client' })).toMatchObject({ success: false });
    const failedEnvelope = setupAsOf(() =>
      answer(200, { success: false, message: 'No.', content: null }, AS_OF),
    );
    await failedEnvelope.client.get('/integrations/events', { token: 'client' });
    expect(onDataAsOf).not.toHaveBeenCalled();
    expect(failedEnvelope.onDataAsOf).not.toHaveBeenCalled();
  });
});

describe('unwrap', () => {
  it('returns a success and throws an ApiError carrying a failure', async () => {
    expect(unwrap({ success: true, status: 200, message: 'OK', content: 1 }).content).toBe(1);
    const failure = { success: false as const, status: 409, message: 'Taken', content: { field: 'email' } };
    expect(() => unwrap(failure)).toThrow(ApiError);
    try {
      unwrap(failure);
    } catch (error) {
      expect(error).toMatchObject({ message: 'Taken', status: 409, content: { field: 'email' } });
    }
  });
});
