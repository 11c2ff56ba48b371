import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { LeadDetail, MediaItem, UserData } from '@agency/shared';
import { SESSION_KEY } from './session';

/** Store a signed-in admin session the way login does. */
export function signIn(token = 'tok-123'): void {
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ isAdminLoggedIn: true, name: 'admin', email: 'admin@example.com', token }),
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return (
    <>
      <p data-testid="location">{pathname}</p>
      <p data-testid="search">{search}</p>
    </>
  );
}

/** The getUserData answer of a signed-in person: an admin with a password only, unless overridden. */
export function makeUserData(overrides: Partial<UserData> = {}): { body: { data: UserData } } {
  return {
    body: {
      data: {
        username: 'Ada Lovelace',
        email: 'ada@example.com',
        groups: ['admins'],
        name: 'Ada Lovelace',
        role: 'admin',
        mfa: false,
        mfa_required: false,
        mfa_enforced: false,
        ...overrides,
      },
    },
  };
}

/** An editor's getUserData answer. */
export const editorData = (overrides: Partial<UserData> = {}) =>
  makeUserData({
    username: 'Eddie',
    email: 'eddie@example.com',
    name: 'Eddie',
    groups: ['editors'],
    role: 'editor',
    ...overrides,
  });

/** Render admin routes at `path` in a fresh SWR cache; every other admin route renders a marker. */
export function renderAdmin(path: string, routes: Record<string, ReactElement>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([p, el]) => (
            <Route key={p} path={p} element={el} />
          ))}
          {!routes['/creative-login'] && (
            <Route path="/creative-login" element={<h1>Login screen</h1>} />
          )}
          {!routes['/admin'] && <Route path="/admin" element={<h1>Admin list screen</h1>} />}
        </Routes>
        <Where />
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** A library entry with sensible defaults (a 4000 × 3000 JPEG). */
export function makeMediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  const id = overrides.id ?? `0b6f5c3e-8d1a-4c2b-9e7f-${String(++mediaSeq).padStart(12, '0')}`;
  return {
    id,
    width: 4000,
    height: 3000,
    format: 'jpg',
    placeholder: 'data:image/webp;base64,UklGRg==',
    src: `/media/images/${id}/original.jpg`,
    filename: 'photo.jpg',
    bytes: 5_242_880,
    created_at: '2026-11-20T10:00:00.000Z',
    created_by: 'admin@example.com',
    alt: '',
    used_by: [],
    uses: [],
    ...overrides,
  };
}
let mediaSeq = 0;

/** What a fake bucket received: the form's fields in order, and the file. */
export interface BucketPost {
  url: string;
  fields: [string, string][];
  file: File | null;
}

/**
 * The media bucket at the network boundary: XMLHttpRequest (the upload client's transport to the
 * bucket, for progress) answered by `respond`, after one half-way progress event. Returns what
 * was posted and the requests that were aborted.
 */
export function fakeBucket(
  respond: (post: BucketPost, index: number) => { status: number; body?: string } = () => ({
    status: 204,
  }),
  delayMs = 5,
  /** Holds every upload at 50% until it settles: a test acts mid-upload without racing a timer. */
  hold: Promise<void> = Promise.resolve(),
) {
  const posts: BucketPost[] = [];
  const aborted: BucketPost[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress:
        ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private post: BucketPost | null = null;
    private timer: ReturnType<typeof setTimeout> | undefined;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      clearTimeout(this.timer);
      if (this.post) aborted.push(this.post);
      this.onabort?.();
    }
    send(body: FormData) {
      const fields: [string, string][] = [];
      let file: File | null = null;
      body.forEach((v, k) => {
        if (typeof v === 'string') fields.push([k, v]);
        else if (k === 'file' && v instanceof File) file = v;
      });
      const post: BucketPost = { url: this.url, fields, file };
      this.post = post;
      const index = posts.push(post) - 1;
      this.timer = setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        void hold.then(() => {
          this.timer = setTimeout(() => {
            const res = respond(post, index);
            this.status = res.status;
            this.responseText = res.body ?? '';
            this.onload?.();
          }, delayMs);
        });
      }, delayMs);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { posts, aborted };
}

/** The createUpload answer for an id: a form for the bucket. */
export const uploadForm = (id: string) => ({
  status: 201,
  body: {
    data: {
      id,
      url: 'http://bucket.test/media',
      fields: {
        key: `uploads/${id}`,
        'Content-Type': 'image/jpeg',
        Policy: 'p',
        'X-Amz-Signature': 's',
      },
      expires_at: '2026-11-20T10:05:00.000Z',
    },
  },
});

/** A lead as the API answers it (a new, notified lead from a newsletter), with its history. */
export function makeLead(overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    id: '01JD0000000000000000000001',
    created_at: '2025-03-05T09:30:00.000Z',
    name: 'Ravi',
    phone: '+91 98765 43210',
    email: 'ravi@example.com',
    subject: 'Digital marketing',
    message: 'Please call me.',
    page: '/contact',
    email_status: 'sent',
    email_attempts: 1,
    webhook_status: 'off',
    webhook_attempts: 0,
    status: 'new',
    spam_reason: null,
    source: 'newsletter',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'nov',
    utm_term: null,
    utm_content: null,
    gclid: null,
    landing_page: '/services?utm_source=newsletter',
    referrer: null,
    updated_at: null,
    channel: null,
    country: 'unknown',
    device: null,
    journey: null,
    first_response_at: null,
    history: [],
    ...overrides,
  };
}
