import { buildPath, contract } from '@agency/shared';
import { checkBanner } from '../../modules/posts/domain/banner';
import { bannerPng, type BannerDesign } from './png';
import { SEED_POSTS, type SeedPost } from './seed-posts';

export interface SeedOptions {
  /** The running local site, e.g. `http://127.0.0.1:3000`: seeding goes through its API like a browser would. */
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  posts?: readonly SeedPost[];
}

export type SeedResult = { seeded: false; reason: string } | { seeded: true; created: string[] };

/**
 * A banner the server's upload check accepts. That check refuses images whose first or last bytes
 * look like markup, and compressed pixel data occasionally does by chance ("<%"): shift the colours
 * by a shade until the bytes come out clean.
 */
export async function acceptableBanner(design: BannerDesign): Promise<Buffer> {
  for (let shade = 0; shade < 32; shade++) {
    const to: BannerDesign['to'] = [design.to[0], design.to[1], Math.max(0, design.to[2] - shade)];
    const bytes = bannerPng({ ...design, to });
    try {
      await checkBanner({
        field: 'banner_image',
        filename: 'banner.png',
        contentType: 'image/png',
        bytes,
      });
      return bytes;
    } catch {
      // try the next shade
    }
  }
  throw new Error('could not draw a banner the upload check accepts');
}

async function call(url: string, init: RequestInit): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

const problem = (what: string, r: { status: number; json: unknown }) =>
  new Error(`${what} answered ${r.status}: ${JSON.stringify(r.json)}`);

/**
 * Upload a banner as the admin does: a presigned POST straight to the media bucket, then the
 * confirmation that makes its variants. Returns the library image id.
 */
async function uploadBanner(
  base: string,
  token: string,
  bytes: Buffer,
  filename: string,
): Promise<string> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const form = await call(`${base}${buildPath('createUpload')}`, {
    method: contract.createUpload.method,
    headers: auth,
    body: JSON.stringify({ filename, content_type: 'image/png', size: bytes.length }),
  });
  if (form.status !== contract.createUpload.status) throw problem(`createUpload ${filename}`, form);
  const { id, url, fields } = contract.createUpload.response.parse(form.json).data;
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([bytes], { type: 'image/png' }), filename);
  const sent = await fetch(url, { method: 'POST', body });
  if (!sent.ok)
    throw new Error(`uploading ${filename} answered ${sent.status}: ${await sent.text()}`);
  const confirmed = await call(`${base}${buildPath('confirmUpload')}`, {
    method: contract.confirmUpload.method,
    headers: auth,
    body: JSON.stringify({ id }),
  });
  if (confirmed.status !== contract.confirmUpload.status)
    throw problem(`confirmUpload ${filename}`, confirmed);
  return contract.confirmUpload.response.parse(confirmed.json).data.id;
}

/**
 * Create the sample posts through the API as the admin does (login; each banner uploaded to the
 * media library, so it gets its responsive variants; then createPost naming it), unless the blog
 * already has posts. A slug that exists is left alone.
 */
export async function seedPosts(options: SeedOptions): Promise<SeedResult> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const list = await call(`${base}${buildPath('listPosts', {}, { page: 1 })}`, {});
  if (list.status !== 200) throw problem('listPosts', list);
  const page = contract.listPosts.response.parse(list.json);
  if (page.results.length > 0) return { seeded: false, reason: 'the blog already has posts' };

  const login = await call(`${base}${buildPath('login')}`, {
    method: contract.login.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: options.adminEmail, password: options.adminPassword }),
  });
  if (login.status !== 200) throw problem('login', login);
  const answer = contract.login.response.parse(login.json).data;
  if (!('token' in answer))
    throw new Error(
      `seeding needs an account that signs in with a password alone; ${options.adminEmail} is asked for ${answer.challenge}`,
    );
  const { token } = answer;

  const created: string[] = [];
  for (const post of options.posts ?? SEED_POSTS) {
    const form = new FormData();
    form.append('title', post.title);
    form.append('slug', post.slug);
    form.append('category_id', String(post.categoryId));
    form.append('author_id', String(post.authorId));
    form.append('content', post.content);
    form.append('head_tag', post.headTag);
    form.append(
      'banner_media',
      await uploadBanner(base, token, await acceptableBanner(post.banner), `${post.slug}.png`),
    );
    const r = await call(`${base}${buildPath('createPost')}`, {
      method: contract.createPost.method,
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (r.status === 409) continue;
    if (r.status !== contract.createPost.status) throw problem(`createPost ${post.slug}`, r);
    created.push(contract.createPost.response.parse(r.json).data.slug);
  }
  return { seeded: true, created };
}
