import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageKeys, inlineSrc, type Image, type Post } from '@agency/shared';
import { postDeps } from '../src/modules/posts/deps';
import { postKey, revisionKey } from '../src/modules/posts/adapters/post-store';
import { migrateImages } from '../src/modules/media/domain/image-migration';
import type { PostStore } from '../src/modules/posts/domain/ports';
import { runMigrateImages } from '../src/modules/media/jobs/migrate-images';
import { startTestStack, type TestStack } from './harness';
import { uploadImage } from './support/upload';

let stack: TestStack;
let token = '';

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A small real photo-like image: colour bands, so every encoder has work to do. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') {
  const bands = Buffer.alloc(width * height * 3);
  for (let i = 0; i < bands.length; i += 3) {
    const x = (i / 3) % width;
    bands[i] = (x * 7) % 256;
    bands[i + 1] = (x * 3 + i / width) % 256;
    bands[i + 2] = 128;
  }
  const image = sharp(bands, { raw: { width, height, channels: 3 } });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

const dataOf = (json: unknown): Post => (json as { data: Post }).data;
const errorOf = (json: unknown): string => (json as { error: string }).error;

/** Upload an image as the admin does. */
const upload = (bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): Promise<Image> =>
  uploadImage(stack, token, bytes, filename, type);

async function create(fields: Record<string, string | Blob | undefined>) {
  return stack.invoke('createPost', { token, multipart: { content: '<p>Body</p>', ...fields } });
}
async function update(fields: Record<string, string | Blob | undefined>) {
  return stack.invoke('updatePost', { token, multipart: { content: '<p>Body</p>', ...fields } });
}

async function item(key: { pk: string; sk: string }) {
  const out = await stack.clients.dynamo.send(
    new GetCommand({ TableName: stack.env.CONTENT_TABLE, Key: key, ConsistentRead: true }),
  );
  return out.Item;
}

/** The post ids an image is used by, as stored; null when the image is not in the library. */
async function usedBy(id: string): Promise<number[] | null> {
  const record = await item({ pk: `MEDIA#${id}`, sk: 'MEDIA' });
  if (!record) return null;
  const set: unknown = record.used_by;
  return set instanceof Set ? [...(set as Set<number>)].sort((a, b) => a - b) : [];
}

async function exists(key: string): Promise<boolean> {
  try {
    await stack.clients.s3.send(
      new HeadObjectCommand({ Bucket: stack.env.MEDIA_BUCKET, Key: key }),
    );
    return true;
  } catch {
    return false;
  }
}

async function allExist(image: Image): Promise<boolean> {
  const found = await Promise.all(imageKeys(image).map(exists));
  return found.every(Boolean);
}

const inline = (img: Image, alt = 'A photo') =>
  `<p><img src="${inlineSrc(img)}" width="${img.width}" height="${img.height}" alt="${alt}"></p>`;

describe('banners from the media library', () => {
  it('sets, replaces and removes the banner by banner_media, claiming each image', async () => {
    const [a, b] = [await upload(await photo(640, 360)), await upload(await photo(400, 300))];
    const created = await create({ title: 'Banner', slug: 'banner-media', banner_media: a.id });
    expect(created.status).toBe(201);
    const post = dataOf(created.json);
    const imageOf = ({ id, width, height, format, placeholder }: Image) => ({
      id,
      width,
      height,
      format,
      placeholder,
    });
    expect(post.banner).toEqual(imageOf(a));
    expect(post.banner_image).toBe(`/media/images/${a.id}/original.jpg`);
    expect(await usedBy(a.id)).toEqual([post.id]);

    const replaced = dataOf(
      (
        await update({
          id: String(post.id),
          title: 'Banner',
          slug: 'banner-media',
          banner_media: b.id,
        })
      ).json,
    );
    expect(replaced.banner).toEqual(imageOf(b));
    // The replaced banner stays the post's: revision 1 shows it.
    expect([await usedBy(a.id), await usedBy(b.id)]).toEqual([[post.id], [post.id]]);

    const removed = await update({
      id: String(post.id),
      title: 'Banner',
      slug: 'banner-media',
      banner_media: 'none',
    });
    expect(dataOf(removed.json)).toMatchObject({ banner: null, banner_image: null });

    const kept = await update({ id: String(post.id), title: 'Banner', slug: 'banner-media' });
    expect(dataOf(kept.json).banner).toBeNull();
  });

  it('refuses an image id the library does not hold, naming banner_media', async () => {
    const res = await create({
      title: 'Nope',
      slug: 'unknown-banner',
      banner_media: '0b8e2e4c-5a43-4d1e-9c1f-3f0f2d7c9a11',
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.json)).toBe('banner_media: is not an image of the media library');
    expect(await item({ pk: 'SLUG#unknown-banner', sk: 'SLUG' })).toBeUndefined();
  });

  it('puts a multipart banner_image through the library: variants, card and placeholder', async () => {
    const bytes = await photo(2000, 1000);
    const res = await create({
      title: 'Spec client',
      slug: 'multipart-banner',
      banner_image: new File([bytes], 'camera.jpg', { type: 'image/jpeg' }),
    });
    expect(res.status).toBe(201);
    const post = dataOf(res.json);
    const banner = post.banner;
    if (!banner) throw new Error('no banner');
    expect(banner).toMatchObject({ width: 2000, height: 1000, format: 'jpg' });
    expect(banner.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(post.banner_image).toBe(`/media/images/${banner.id}/original.jpg`);
    expect(await allExist(banner)).toBe(true);
    expect(await exists(`images/${banner.id}/1920.avif`)).toBe(true);
    // The raw upload is gone once registered.
    expect(await exists(`uploads/${banner.id}`)).toBe(false);
    expect(await usedBy(banner.id)).toEqual([post.id]);
  });
});

describe('images in post content', () => {
  const pasted =
    '<p>Look: <img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="></p>';
  const refusal =
    "content: holds an image embedded as a data: URL; upload it with the editor's image button instead, which stores it in the media library";

  it('refuses a data: image on create and on update with a 400 that says what to do', async () => {
    const created = await create({ title: 'Pasted', slug: 'pasted', content: pasted });
    expect([created.status, errorOf(created.json)]).toEqual([400, refusal]);
    expect(await item({ pk: 'SLUG#pasted', sk: 'SLUG' })).toBeUndefined();

    const ok = dataOf((await create({ title: 'Pasted', slug: 'pasted' })).json);
    const updated = await update({
      id: String(ok.id),
      title: 'Pasted',
      slug: 'pasted',
      content: pasted,
    });
    expect([updated.status, errorOf(updated.json)]).toEqual([400, refusal]);
    expect((await item(postKey(ok.id)))?.version).toBe(1);
  });

  it('claims inline library images and refuses one the library does not hold', async () => {
    const [a, b] = [
      await upload(await photo(600, 400)),
      await upload(await photo(320, 240, 'png'), 'shot.png', 'image/png'),
    ];
    const res = await create({
      title: 'Inline',
      slug: 'inline-images',
      content: inline(a) + inline(b, 'A screenshot'),
    });
    expect(res.status).toBe(201);
    const post = dataOf(res.json);
    expect(post.content).toBe(
      `<p><img src="${inlineSrc(a)}" width="600" height="400" alt="A photo" /></p>` +
        `<p><img src="${inlineSrc(b)}" width="320" height="240" alt="A screenshot" /></p>`,
    );
    expect([await usedBy(a.id), await usedBy(b.id)]).toEqual([[post.id], [post.id]]);
    // The post's page gets each inline image with its placeholder, in body order.
    const view = (await stack.invoke('getPost', { json: { slug: 'inline-images' } })).json as {
      data: { inline_images: Image[] };
    };
    expect(view.data.inline_images).toEqual(
      [a, b].map(({ id, width, height, format, placeholder }) => ({
        id,
        width,
        height,
        format,
        placeholder,
      })),
    );
    expect(a.placeholder).toMatch(/^data:image\/webp;base64,/);

    const missing = { ...a, id: '5f0c9a6e-3b1d-4c2a-8e7f-9d6b5a4c3e21' };
    const refused = await update({
      id: String(post.id),
      title: 'Inline',
      slug: 'inline-images',
      content: inline(a) + inline(missing),
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.json)).toBe(
      `content: shows the image ${missing.id}, which is not in the media library (it was deleted): insert it again with the editor's image button`,
    );
  });

  it('deletes with a post the images nothing else uses, and keeps shared ones', async () => {
    const [own, shared, banner] = [
      await upload(await photo(300, 200)),
      await upload(await photo(320, 200)),
      await upload(await photo(400, 200)),
    ];
    const doomed = dataOf(
      (
        await create({
          title: 'Doomed',
          slug: 'doomed-images',
          content: inline(own) + inline(shared),
          banner_media: banner.id,
        })
      ).json,
    );
    // The banner only a revision shows is the post's too.
    await update({
      id: String(doomed.id),
      title: 'Doomed',
      slug: 'doomed-images',
      content: inline(own) + inline(shared),
      banner_media: 'none',
    });
    const other = dataOf(
      (await create({ title: 'Other', slug: 'other-images', content: inline(shared) })).json,
    );
    expect(await usedBy(shared.id)).toEqual([doomed.id, other.id]);

    const res = await stack.invoke('deletePost', { token, json: { id: doomed.id } });
    expect(res.status).toBe(200);
    // In the Trash the post keeps its images (a restore brings them back); purging frees them.
    expect(await usedBy(own.id)).toEqual([doomed.id]);
    const purged = await stack.invoke('purgePost', { token, json: { id: doomed.id } });
    expect(purged.status, purged.body).toBe(200);
    expect([await usedBy(own.id), await usedBy(banner.id), await usedBy(shared.id)]).toEqual([
      null,
      null,
      [other.id],
    ]);
    expect(await exists(imageKeys(own)[0] ?? '')).toBe(false);
    expect(await exists(imageKeys(banner)[1] ?? '')).toBe(false);
    expect(await allExist(shared)).toBe(true);
  });
});

describe('the images migration job', () => {
  it('moves two data: images and a legacy banner into the library, once', async () => {
    // The PNG has no transparency: its library fallback format is JPEG.
    const [first, second] = [await photo(600, 400), await photo(300, 200, 'png')];
    const legacyKey = 'banners/3f1c2b4a-1d2e-4f5a-8b9c-0a1b2c3d4e5f.jpg';
    await stack.clients.s3.send(
      new PutObjectCommand({
        Bucket: stack.env.MEDIA_BUCKET,
        Key: legacyKey,
        Body: await photo(800, 400),
        ContentType: 'image/jpeg',
      }),
    );
    const post = dataOf((await create({ title: 'Old post', slug: 'old-post' })).json);
    await update({ id: String(post.id), title: 'Old post', slug: 'old-post' });
    // Stored as they were before the media library: base64 in the content, a banners/ object.
    const old =
      `<p>One <img src="data:image/jpeg;base64,${first.toString('base64')}" alt="first"></p>` +
      `<p>Two <img src="data:image/png;base64,${second.toString('base64')}"></p>`;
    for (const key of [postKey(post.id), revisionKey(post.id, 1)])
      await stack.clients.dynamo.send(
        new UpdateCommand({
          TableName: stack.env.CONTENT_TABLE,
          Key: key,
          UpdateExpression: 'SET content = :c, banner_key = :b',
          ExpressionAttributeValues: { ':c': old, ':b': legacyKey },
        }),
      );

    const summary = await runMigrateImages();
    expect(summary).toMatchObject({
      migrated_posts: 1,
      migrated_revisions: 1,
      images_created: 3,
      legacy_banners_deleted: 1,
      dropped: 0,
      left: 0,
    });

    const got = (await stack.invoke('getPost', { token, json: { slug: 'old-post' } })).json as {
      data: { post: Post };
    };
    const migrated = got.data.post;
    expect(migrated.version).toBe(2);
    expect(migrated.content).toMatch(
      /^<p>One <img src="\/media\/images\/[0-9a-f-]{36}\/600\.jpg" alt="first" width="600" height="400" \/><\/p><p>Two <img src="\/media\/images\/[0-9a-f-]{36}\/300\.jpg" width="300" height="200" \/><\/p>$/,
    );
    const banner = migrated.banner;
    if (!banner) throw new Error('no banner');
    expect(banner).toMatchObject({ width: 800, height: 400, format: 'jpg' });
    expect(migrated.banner_image).toBe(`/media/images/${banner.id}/original.jpg`);
    expect(await allExist(banner)).toBe(true);
    expect(await exists(legacyKey)).toBe(false);
    const ids = [...migrated.content.matchAll(/\/media\/images\/([0-9a-f-]{36})\//g)].map(
      (m) => m[1] ?? '',
    );
    for (const id of [...ids, banner.id]) expect(await usedBy(id)).toEqual([post.id]);
    // The revision holds the same pictures: the same library images, not copies.
    const revision = await item(revisionKey(post.id, 1));
    expect(revision?.content).toBe(migrated.content);
    expect(revision?.banner_key).toBe(`images/${banner.id}/original.jpg`);

    // Done: the operator's next run stops at its mark.
    expect(await runMigrateImages()).toMatchObject({ skipped: true, posts: 0 });
    // Without the mark, a run finds nothing left to move: the job is idempotent.
    const again = await migrateImages({ ...postDeps(quiet), markers: unmarked });
    expect(again).toMatchObject({
      skipped: false,
      migrated_posts: 0,
      migrated_revisions: 0,
      images_created: 0,
      legacy_banners_deleted: 0,
      left: 0,
    });
    expect((await item(postKey(post.id)))?.content).toBe(migrated.content);

    // A restore from an older backup brings the data: image back: a plain run stops at the mark,
    // `again` moves it, to the library image the same bytes already made.
    await stack.clients.dynamo.send(
      new UpdateCommand({
        TableName: stack.env.CONTENT_TABLE,
        Key: postKey(post.id),
        UpdateExpression: 'SET content = :c',
        ExpressionAttributeValues: { ':c': old },
      }),
    );
    expect(await runMigrateImages()).toMatchObject({ skipped: true, posts: 0 });
    expect(await runMigrateImages({ again: true })).toMatchObject({
      skipped: false,
      migrated_posts: 1,
      images_created: 0,
      left: 0,
    });
    expect((await item(postKey(post.id)))?.content).toBe(migrated.content);
  });

  it("never writes over an author's save made while it works on the post", async () => {
    const post = dataOf((await create({ title: 'Busy post', slug: 'busy-post' })).json);
    const pasted = `<p><img src="data:image/jpeg;base64,${(await photo(200, 100)).toString('base64')}"></p>`;
    await stack.clients.dynamo.send(
      new UpdateCommand({
        TableName: stack.env.CONTENT_TABLE,
        Key: postKey(post.id),
        UpdateExpression: 'SET content = :c',
        ExpressionAttributeValues: { ':c': pasted },
      }),
    );
    const warnings: string[] = [];
    const deps = postDeps({ warn: (m) => warnings.push(m) });
    const real = deps.posts;
    let saved = false;
    // The author saves between the job's read and its write.
    const posts: MigrationPosts = {
      listPage: (...a) => real.listPage(...a),
      getPost: (id) => real.getPost(id),
      listRevisions: (...a) => real.listRevisions(...a),
      putRevision: (r) => real.putRevision(r),
      async replacePost(next, expected) {
        if (!saved) {
          saved = true;
          const res = await update({
            id: String(post.id),
            title: 'Busy post',
            slug: 'busy-post',
            content: '<p>Rewritten by the author</p>',
          });
          expect(res.status).toBe(200);
        }
        return real.replacePost(next, expected);
      },
    };
    const summary = await migrateImages({ ...deps, posts, markers: unmarked });
    expect(saved).toBe(true);
    expect(summary.left).toBe(0);
    const stored = await item(postKey(post.id));
    expect([stored?.content, stored?.version]).toEqual(['<p>Rewritten by the author</p>', 2]);
    // The version the author replaced kept its picture, moved into the library in the same run.
    const revision = await item(revisionKey(post.id, 1));
    expect(revision?.content).toMatch(
      /^<p><img src="\/media\/images\/[0-9a-f-]{36}\/200\.jpg" width="200" height="100" \/><\/p>$/,
    );
    expect(summary).toMatchObject({ migrated_posts: 0, migrated_revisions: 1, images_created: 1 });
    expect(warnings).toEqual([]);
  });
});

type MigrationPosts = Pick<
  PostStore,
  'listPage' | 'getPost' | 'replacePost' | 'listRevisions' | 'putRevision'
>;

/** Job markers that never say done, to run the job again. */
const unmarked = { isDone: async () => false, markDone: async () => undefined };
const quiet = { warn: () => undefined };
