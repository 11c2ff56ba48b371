import { buildPath, contract } from '@agency/shared';
import { checkBanner } from '../../domain/banner';
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
 * Create the sample posts through the API (login, then createPost with a multipart body and a
 * generated PNG banner), unless the blog already has posts. A slug that exists is left alone.
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
  const { token } = contract.login.response.parse(login.json).data;

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
      'banner_image',
      new Blob([await acceptableBanner(post.banner)], { type: 'image/png' }),
      `${post.slug}.png`,
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
