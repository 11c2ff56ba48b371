import { vi } from 'vitest';
import { BLANK_POST_CONTENT, matchOperation, type OperationName, type Post } from '@agency/shared';

/** A request the fake API received, with its body decoded. */
export interface FakeRequest {
  op: OperationName;
  method: string;
  url: URL;
  params: Record<string, string>;
  body: Record<string, string>;
  /** A JSON body as sent (lists and objects kept); undefined for other bodies. */
  json: unknown;
  headers: Headers;
}

export interface FakeResponse {
  status?: number;
  body: unknown;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

function jsonOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return undefined;
  }
}

async function decode(init: RequestInit | undefined): Promise<Record<string, string>> {
  const body = init?.body;
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object')
        return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return Object.fromEntries(new URLSearchParams(body));
    }
  }
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (body instanceof FormData) {
    const out: Record<string, string> = {};
    body.forEach((v, k) => {
      out[k] = typeof v === 'string' ? v : `file:${v.name}`;
    });
    return out;
  }
  return {};
}

/**
 * Replace `fetch` with a fake of the API at the network boundary: requests are matched to contract operations,
 * answered by `handlers`, and recorded. Unhandled operations answer 500 so a test notices.
 */
export function fakeApi(handlers: Partial<Record<OperationName, FakeHandler>>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const match = matchOperation(method, url.pathname);
    if (match.name === null)
      return new Response(JSON.stringify({ error: 'no route' }), { status: 404 });
    const req: FakeRequest = {
      op: match.name,
      method,
      url,
      params: match.params,
      body: await decode(init),
      json: jsonOf(init),
      headers: new Headers(init?.headers),
    };
    requests.push(req);
    const handler = handlers[match.name];
    const res = handler
      ? await handler(req)
      : { status: 500, body: { error: `unhandled ${match.name}` } };
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    const status = res.status ?? 200;
    // A 204 carries no body (the Response constructor refuses one).
    return new Response(status === 204 ? null : text, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, calls: (op: OperationName) => requests.filter((r) => r.op === op) };
}

let nextId = 1;

/** A valid post with sensible defaults (content fields added since are blank). */
export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? nextId++;
  return {
    ...BLANK_POST_CONTENT,
    id,
    title: `Post ${id}`,
    slug: `post-${id}`,
    content: `<p>Body of post ${id}. It has two sentences.</p>`,
    head_tag: '',
    meta_description: '',
    banner_image: `/media/banners/${id}.jpg`,
    banner: null,
    created_at: '2025-03-12T12:00:00.000Z',
    updated_at: '2025-03-12T12:00:00.000Z',
    category: { id: 1, category: 'SEO' },
    author: { id: 1, name: 'Asha Rao' },
    views: 5,
    version: 1,
    status: 'published',
    publish_at: '2025-03-12T12:00:00.000Z',
    ...overrides,
  };
}

/** A listPosts page body. */
export const pageBody = (results: Post[], page: number, hasNext: boolean) => ({
  results,
  next: hasNext ? `http://api.test/api/user/post/list?page=${page + 1}` : null,
  previous: page > 1 ? `http://api.test/api/user/post/list?page=${page - 1}` : null,
});
