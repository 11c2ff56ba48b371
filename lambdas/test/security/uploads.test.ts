import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_LIMITS } from '@agency/shared';
import { startTestStack, type TestStack } from '../harness';
import { GIF_HTML_POLYGLOT, PNG_1PX, PNG_POLYGLOT } from '../support/images';
import { dataSnapshot } from './data-snapshot';

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
});
afterAll(async () => {
  await stack?.stop();
});

const SVG_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
const JPEG_WITH_SCRIPT = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.from('<script>alert(1)</script>'),
  Buffer.from([0xff, 0xd9]),
]);

const upload = (bytes: Buffer, filename: string, type: string, slug: string) =>
  stack.invoke('createPost', {
    token,
    multipart: {
      title: 'Upload',
      slug,
      content: '',
      banner_image: new File([bytes], filename, { type }),
    },
  });

describe('uploads', () => {
  it('refuses mislabelled files and polyglots with 415 naming banner_image, storing nothing', async () => {
    const before = await dataSnapshot(stack);
    const cases: [Buffer, string, string][] = [
      [SVG_SCRIPT, 'banner.png', 'image/png'],
      [SVG_SCRIPT, 'banner.svg', 'image/svg+xml'],
      [HTML, 'banner.jpg', 'image/jpeg'],
      [PDF, 'banner.webp', 'image/webp'],
      [ELF, 'banner.gif', 'image/gif'],
      [Buffer.from('just text'), 'banner.avif', 'image/avif'],
      [PNG_POLYGLOT, 'banner.png', 'image/png'],
      [GIF_HTML_POLYGLOT, 'banner.gif', 'image/gif'],
      [JPEG_WITH_SCRIPT, 'banner.jpg', 'image/jpeg'],
    ];
    for (const [i, [bytes, name, type]] of cases.entries()) {
      const res = await upload(bytes, name, type, `refused-${i}`);
      expect(res.status, name).toBe(415);
      expect((res.json as { error: string }).error).toMatch(/^banner_image/);
    }
    expect(await dataSnapshot(stack)).toBe(before);
  });

  it('refuses a banner over the 4 MB limit with 413', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(POST_LIMITS.bannerMaxBytes + 10)]);
    const res = await upload(big, 'big.png', 'image/png', 'too-big');
    expect(res.status).toBe(413);
    expect((res.json as { error: string }).error).toMatch(/banner_image/);
  });

  it('accepts a real PNG whatever name and type the client claims, and serves it under /media/', async () => {
    const res = await upload(PNG_1PX, 'photo.jpeg', 'application/octet-stream', 'real-png');
    expect(res.status).toBe(201);
    const banner = (res.json as { data: { banner_image: string } }).data.banner_image;
    // Re-encoded by the library: a transparent PNG stays a PNG, whatever the name said.
    expect(banner).toMatch(/^\/media\/images\/[\w-]+\/original\.png$/);
  });
});
