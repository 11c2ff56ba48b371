// Posts whose banners and inline images are real photos, added the way an author adds them:
// createUpload → POST of the file straight to the media bucket with the presigned form →
// confirmUpload (checked, variants made) → createPost with `banner_media` and the inline `<img>`s.
// Used by bench:web (loaded through tsx from web.mjs) on the running local stack.
import * as z from 'zod';
import { buildPath, contract, inlineSrc, type MediaItem, type OperationName } from '@agency/shared';
import { photoJpeg } from './photo.mjs';

/** One API call, its answer checked against the contract (a bench that measures a broken flow measures nothing). */
async function call<S extends z.ZodType>(
  base: string,
  name: OperationName,
  schema: S,
  init: { body: BodyInit; token?: string; json?: boolean },
): Promise<z.infer<S>> {
  const op = contract[name];
  const res = await fetch(`${base}${buildPath(name)}`, {
    method: op.method,
    body: init.body,
    headers: {
      ...(init.json ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const text = await res.text();
  if (res.status !== op.status)
    throw new Error(`${name}: ${res.status} ${text.slice(0, 500)} (expected ${op.status})`);
  return schema.parse(JSON.parse(text));
}

/** An admin's access token. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const { data } = await call(base, 'login', contract.login.response, {
    body: JSON.stringify({ email, password }),
    json: true,
  });
  if (!('token' in data))
    throw new Error(`${email} is asked for ${data.challenge}: bench with a password-only admin`);
  return data.token;
}

export interface UploadedPhoto {
  item: MediaItem;
  /** Bytes of the JPEG as uploaded. */
  bytes: number;
  /** Time of createUpload + the bucket POST, and of confirmUpload (checks and variants). */
  uploadMs: number;
  confirmMs: number;
}

/** Draw a photo and upload it through the direct-upload flow. */
export async function uploadPhoto(
  base: string,
  token: string,
  seed: number,
): Promise<UploadedPhoto> {
  const jpeg = await photoJpeg({ seed });
  const filename = `photo-${seed}.jpg`;
  const started = Date.now();
  const { data: form } = await call(base, 'createUpload', contract.createUpload.response, {
    body: JSON.stringify({ filename, content_type: 'image/jpeg', size: jpeg.length }),
    json: true,
    token,
  });
  const body = new FormData();
  // The policy's fields first, the file last (S3 ignores fields after the file).
  for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
  body.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), filename);
  const put = await fetch(new URL(form.url, base), { method: 'POST', body });
  if (!put.ok) throw new Error(`bucket POST: ${put.status} ${(await put.text()).slice(0, 500)}`);
  const uploaded = Date.now();
  const { data: item } = await call(base, 'confirmUpload', contract.confirmUpload.response, {
    body: JSON.stringify({ id: form.id }),
    json: true,
    token,
  });
  return {
    item,
    bytes: jpeg.length,
    uploadMs: uploaded - started,
    confirmMs: Date.now() - uploaded,
  };
}

const paragraph = (n: number) =>
  `<p>${'A measured paragraph of the benchmark article, long enough to wrap over several lines. '.repeat(4)}(${n})</p>`;

/** The `<img>` an inline image is stored as. */
const inlineImg = (img: MediaItem, alt: string) =>
  `<img src="${inlineSrc(img)}" width="${img.width}" height="${img.height}" alt="${alt}">`;

/**
 * `count` published posts, each with its own photo as banner; the last (the newest, the one
 * measured) also shows the others' photos inline, between paragraphs, as an author's article does.
 * Returns the photos and the newest post's slug.
 */
export async function seedPhotoPosts(
  base: string,
  token: string,
  count: number,
): Promise<{ photos: UploadedPhoto[]; slug: string }> {
  const photos: UploadedPhoto[] = [];
  let slug = '';
  for (let i = 1; i <= count; i++) {
    const photo = await uploadPhoto(base, token, i);
    photos.push(photo);
    const inline = i === count ? photos.slice(0, -1) : [];
    const content = [
      '<h2>Photographs, served as a modern blog serves them</h2>',
      paragraph(1),
      ...inline.flatMap((p, k) => [
        `<p>${inlineImg(p.item, `Photo ${k + 1}`)}</p>`,
        paragraph(k + 2),
      ]),
      paragraph(9),
    ].join('');
    slug = `photo-post-${i}`;
    const form = new FormData();
    form.set('title', `A post with a ${(photo.bytes / 1048576).toFixed(1)} MB photo (${i})`);
    form.set('slug', slug);
    form.set('content', content);
    form.set('head_tag', '');
    form.set('banner_media', photo.item.id);
    await call(base, 'createPost', contract.createPost.response, { body: form, token });
  }
  return { photos, slug };
}
