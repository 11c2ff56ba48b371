import { describe, expect, it } from 'vitest';
import { POST_LIMITS } from '@agency/shared';
import {
  GIF_1PX,
  GIF_HTML_POLYGLOT,
  JPEG_HEAD,
  PNG_1PX,
  PNG_POLYGLOT,
} from '../../../../test/support/images';
import { DomainError } from '../../../platform/errors';
import { checkBanner } from './banner';

const file = (bytes: Buffer, filename = 'a.png', contentType = 'image/png') => ({
  field: 'banner_image',
  filename,
  contentType,
  bytes,
});

async function refusal(bytes: Buffer, filename?: string): Promise<string> {
  try {
    await checkBanner(file(bytes, filename));
    return 'accepted';
  } catch (e) {
    return e instanceof DomainError ? `${e.kind} ${e.message}` : String(e);
  }
}

describe('checkBanner', () => {
  it('recognises images by their bytes, whatever the name and claimed type say', async () => {
    await expect(checkBanner(file(PNG_1PX, 'photo.jpg', 'image/jpeg'))).resolves.toMatchObject({
      ext: 'png',
      contentType: 'image/png',
    });
    await expect(checkBanner(file(GIF_1PX, 'x.txt', 'text/plain'))).resolves.toMatchObject({
      ext: 'gif',
      contentType: 'image/gif',
    });
    await expect(checkBanner(file(JPEG_HEAD))).resolves.toMatchObject({
      ext: 'jpg',
      contentType: 'image/jpeg',
    });
  });

  it('refuses a text file named .png with 415', async () => {
    expect(await refusal(Buffer.from('just some text pretending'), 'fake.png')).toBe(
      'unsupported-type banner_image: must be a JPEG, PNG, WebP, GIF or AVIF image',
    );
  });

  it('refuses other real file types (PDF, SVG)', async () => {
    expect(await refusal(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'))).toMatch(
      /^unsupported-type/,
    );
    expect(
      await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
    ).toMatch(/^unsupported-type/);
  });

  it('refuses image/script polyglots', async () => {
    expect(await refusal(PNG_POLYGLOT)).toMatch(/^unsupported-type/);
    expect(await refusal(GIF_HTML_POLYGLOT)).toMatch(/^unsupported-type/);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(POST_LIMITS.bannerMaxBytes)]);
    expect(await refusal(big)).toBe('too-large banner_image: must be at most 4 MB');
  });
});

describe('polyglot markers do not refuse ordinary images', () => {
  it('accepts a PNG whose compressed bytes happen to contain "<%"', async () => {
    const withNoise = Buffer.concat([
      PNG_1PX.subarray(0, PNG_1PX.length - 12),
      Buffer.from('<%\x00\x9f<?'),
      PNG_1PX.subarray(PNG_1PX.length - 12),
    ]);
    await expect(
      checkBanner({
        field: 'banner_image',
        filename: 'a.png',
        contentType: 'image/png',
        bytes: withNoise,
      }),
    ).resolves.toMatchObject({ ext: 'png' });
  });
});
