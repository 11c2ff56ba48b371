import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, GATEWAY_RETRY_DELAYS_MS, personSentence } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('callApi', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('builds the path and query from the contract and validates the body', async () => {
    fetchMock.mockResolvedValue(json(200, { results: [], next: null, previous: null }));
    const page = await callApi('listPosts', { query: { page: 2 } });
    expect(page.results).toEqual([]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/post/list?page=2');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('carries lists and objects as they are in JSON bodies, and refuses them in form bodies', async () => {
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    const blocks = [{ id: 'b1', type: 'faq', items: [{ question: 'Q?', answer: 'A.' }] }];
    await callApi('updatePage', {
      body: { path: '/seo', version: 3, breadcrumb: [], blocks, keywords: undefined },
    }).catch(() => undefined);
    const sent = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as unknown;
    expect(sent).toEqual({ path: '/seo', version: '3', breadcrumb: [], blocks });
    await expect(callApi('getPost', { body: { slug: ['a'] } })).rejects.toThrow(/only JSON bodies/);
  });

  it('sends multipart for leads and JSON for login, with the token as Bearer', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { data: { id: 'l1' }, message: 'ok' }));
    await callApi('createLead', { body: { name: 'Asha', phone: '123456', page: undefined } });
    const leadInit = fetchMock.mock.calls[0]?.[1];
    expect(leadInit?.body).toBeInstanceOf(FormData);
    const form = leadInit?.body instanceof FormData ? leadInit.body : new FormData();
    expect(form.get('name')).toBe('Asha');
    expect(form.has('page')).toBe(false);

    fetchMock.mockResolvedValueOnce(
      json(200, { data: { username: 'a', email: 'a@b.co', token: 't' } }),
    );
    await callApi('login', { body: { email: 'a@b.co', password: 'pw' }, token: 'tok' });
    const loginInit = fetchMock.mock.calls[1]?.[1];
    expect(loginInit?.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'pw' }));
    expect(loginInit?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
    });
  });

  it('form-encodes getPost bodies', async () => {
    fetchMock.mockResolvedValue(json(404, { error: 'No post with this slug' }));
    await expect(callApi('getPost', { body: { slug: 'a b' } })).rejects.toMatchObject({
      status: 404,
      message: 'No post with this slug.',
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(String(init?.body)).toBe('slug=a+b');
  });

  it('throws ApiError with the field and code the server names, its message without the field', async () => {
    fetchMock.mockResolvedValue(
      json(409, { error: 'slug: is already taken', field: 'slug', code: 'taken' }),
    );
    const err = await callApi('createPost', { body: { title: 't', slug: 's' } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      message: 'Is already taken.',
      sentence: 'slug: is already taken',
      field: 'slug',
      code: 'taken',
    });
  });

  it("reads the spec's { error } alone as a sentence about no field", async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'slug: is taken' }));
    await expect(callApi('getPost', { body: { slug: 'x' } })).rejects.toMatchObject({
      message: 'slug: is taken.',
      field: undefined,
      code: undefined,
    });
  });

  it("says what API Gateway's own refusals mean (the JWT authorizer answers before any function)", async () => {
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Forbidden' }));
    await expect(callApi('listLeads', { query: { page: 1 } })).rejects.toMatchObject({
      status: 403,
      message: 'Your role does not allow this. Ask an admin of the team.',
      code: 'forbidden',
    });
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Unauthorized' }));
    await expect(callApi('listLeads', { query: { page: 1 } })).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended. Sign in again.',
      code: 'unauthenticated',
    });
  });

  it('rejects bodies that do not match the response schema', async () => {
    fetchMock.mockResolvedValue(json(200, { results: 'nope' }));
    await expect(callApi('listPosts')).rejects.toMatchObject({
      status: 200,
      message: expect.stringMatching(/unexpected/),
    });
  });

  it('turns a network failure into status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi('getHealth')).rejects.toMatchObject({ status: 0 });
  });

  it('returns raw text for SVG operations', async () => {
    fetchMock.mockResolvedValue(new Response('<svg/>', { status: 200 }));
    await expect(callApi('getExtensionImage', { params: { extension: 'pdf' } })).resolves.toBe(
      '<svg/>',
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/extension-image/pdf');
  });

  it('reports upload progress through XMLHttpRequest', async () => {
    const progress: number[] = [];
    class FakeXhr {
      static last: FakeXhr | undefined;
      upload: {
        onprogress:
          ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
      } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      status = 0;
      responseText = '';
      headers: Record<string, string> = {};
      method = '';
      url = '';
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      abort() {}
      send() {
        FakeXhr.last = this;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.status = 200;
        this.responseText = JSON.stringify({ data: { id: 'x' }, message: 'ok' });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const res = await callApi('createLead', {
      body: { name: 'n' },
      onUploadProgress: (f) => progress.push(f),
    });
    expect(res.data.id).toBe('x');
    expect(progress).toEqual([0.5, 1]);
    expect(FakeXhr.last?.method).toBe('POST');
  });
});

describe('personSentence', () => {
  it('drops the field the sentence starts with, never reading the words', () => {
    expect(
      personSentence('current_password: is not your current password.', 'current_password'),
    ).toBe('Is not your current password.');
    expect(personSentence('code: must be the 6 digits your app shows', 'code')).toBe(
      'Must be the 6 digits your app shows.',
    );
    expect(personSentence('file IMG 1.heic: must be at most 20 MB', 'file')).toBe(
      'Must be at most 20 MB.',
    );
  });
  it('keeps a sentence about no field, or about another one, whole', () => {
    expect(personSentence('That code is not right.')).toBe('That code is not right.');
    expect(personSentence('email: is not valid', 'name')).toBe('email: is not valid.');
    expect(personSentence('Is it?', 'x')).toBe('Is it?');
  });
  it('capitalises a leading word, never a name or an address', () => {
    expect(personSentence('email: ann@example.com is already a member.', 'email')).toBe(
      'ann@example.com is already a member.',
    );
    expect(personSentence('head_tag: iframe is not allowed', 'head_tag')).toBe(
      'Iframe is not allowed.',
    );
    expect(personSentence('name: “SEO” is used by 2 posts', 'name')).toBe(
      '“SEO” is used by 2 posts.',
    );
  });
});

describe("callApi and API Gateway's throttle", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const throttled = () => json(429, { message: 'Too Many Requests' });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a refused enquiry again after a short wait, and it goes through', async () => {
    fetchMock
      .mockResolvedValueOnce(throttled())
      .mockResolvedValueOnce(json(201, { data: { id: 'l1' }, message: 'ok' }));
    const sent = callApi('createLead', { body: { name: 'Asha', phone: '123456' } });
    await vi.advanceTimersByTimeAsync(GATEWAY_RETRY_DELAYS_MS[0] * 1.5);
    await expect(sent).resolves.toMatchObject({ data: { id: 'l1' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The same form, both times.
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(fetchMock.mock.calls[0]?.[1]?.body);
  });

  it('gives up after its retries with a sentence that says to try again in a moment', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(throttled()));
    const sent = callApi('createLead', { body: { name: 'Asha', phone: '123456' } });
    const outcome = sent.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate-limited',
      message: 'The site is very busy right now. Please try again in a moment.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1 + GATEWAY_RETRY_DELAYS_MS.length);
  });

  it("never sends again a function's own 429 (a person over their limit)", async () => {
    fetchMock.mockResolvedValue(
      json(429, {
        error: 'Too many enquiries from here. Try again in an hour.',
        code: 'rate-limited',
      }),
    );
    await expect(
      callApi('createLead', { body: { name: 'Asha', phone: '123456' } }),
    ).rejects.toThrow('Too many enquiries from here');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
