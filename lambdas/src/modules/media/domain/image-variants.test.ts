import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SOCIAL_CARD,
  VARIANT_MIME,
  imageKeys,
  mediaKeys,
  type VariantFormat,
} from '@agency/shared';
import { photoJpeg, photoPixels } from '../../../../test/support/photos';
import { makeVariants, type ImageObject, type VariantsResult } from './image-variants';

const ID = '5f0c6f47-3c1e-4b8e-9a57-0d2f1c7b9e21';
/** A marker written into every kind of metadata of the inputs: no output may contain it. */
const SECRET = 'Secret-Camera-Owner-7731';

/** What sharp's decoder calls each of our formats. */
const DECODER: Record<VariantFormat, string> = {
  avif: 'heif',
  webp: 'webp',
  jpg: 'jpeg',
  png: 'png',
};

function ok(result: VariantsResult) {
  if (!result.ok) throw new Error(`expected an image, got: ${result.error}`);
  return result;
}

const byKey = (objects: ImageObject[]) => new Map(objects.map((o) => [o.key, o]));

/** A 2000 × 1333 camera JPEG carrying EXIF (owner, serial, GPS position), XMP and a Display P3 profile. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp(await photoJpeg({ width: 2000, height: 1333, seed: 7 }))
    .withExif({
      IFD0: { Artist: SECRET, Copyright: SECRET, Make: 'Camera', Model: 'X100' },
      IFD2: { BodySerialNumber: SECRET },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E' },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${SECRET}"/></rdf:RDF></x:xmpmeta>`,
    )
    .withIccProfile('p3')
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('makeVariants of a camera photo', () => {
  let input: Buffer;
  let result: ReturnType<typeof ok>;
  beforeAll(async () => {
    input = await cameraPhoto();
    // The fixture really carries what must be stripped, or the test below would prove nothing.
    const meta = await sharp(input).metadata();
    expect(meta.exif?.includes(SECRET)).toBe(true);
    expect(meta.xmp?.includes(SECRET)).toBe(true);
    expect(meta.icc?.length).toBeGreaterThan(0);
    result = ok(await makeVariants(ID, input));
  });

  it('records the intrinsic size, the JPEG fallback and a tiny placeholder', async () => {
    expect(result.image).toMatchObject({ id: ID, width: 2000, height: 1333, format: 'jpg' });
    const placeholder = result.image.placeholder;
    expect(placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(placeholder.length).toBeLessThan(1000);
    const tiny = await sharp(Buffer.from(placeholder.split(',')[1] ?? '', 'base64')).metadata();
    expect([tiny.format, tiny.width, tiny.height]).toEqual(['webp', 16, 11]);
  });

  it('writes exactly the keys the pages ask for, each in its format, width and content type', async () => {
    const objects = byKey(result.objects);
    expect([...objects.keys()].sort()).toEqual(imageKeys(result.image).sort());
    for (const w of [480, 960, 1440, 1920])
      for (const f of ['avif', 'webp', 'jpg'] as const) {
        const object = objects.get(mediaKeys.variant(ID, w, f));
        expect(object?.contentType).toBe(VARIANT_MIME[f]);
        const meta = await sharp(object?.body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          DECODER[f],
          w,
          Math.round((w * 1333) / 2000),
        ]);
      }
    const original = await sharp(objects.get(mediaKeys.original(ID, 'jpg'))?.body).metadata();
    expect([original.format, original.width, original.height]).toEqual(['jpeg', 2000, 1333]);
    const card = objects.get(mediaKeys.card(ID));
    expect(card?.contentType).toBe('image/jpeg');
    const cardMeta = await sharp(card?.body).metadata();
    expect([cardMeta.format, cardMeta.width, cardMeta.height]).toEqual([
      'jpeg',
      SOCIAL_CARD.width,
      SOCIAL_CARD.height,
    ]);
  });

  it('keeps no EXIF, GPS, XMP or ICC profile in any output', async () => {
    for (const object of result.objects) {
      const meta = await sharp(object.body).metadata();
      expect({
        key: object.key,
        exif: meta.exif,
        xmp: meta.xmp,
        icc: meta.icc,
        iptc: meta.iptc,
      }).toEqual({
        key: object.key,
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        iptc: undefined,
      });
      // Nor anywhere in the bytes, in case a container holds it where the decoder does not look.
      expect(object.body.includes(SECRET)).toBe(false);
    }
  });

  it('keeps a mobile-sized AVIF of a photo well under 100 KB and smaller than its JPEG', () => {
    const objects = byKey(result.objects);
    const avif = objects.get(mediaKeys.variant(ID, 960, 'avif'))?.body.length ?? Infinity;
    const jpg = objects.get(mediaKeys.variant(ID, 960, 'jpg'))?.body.length ?? 0;
    expect(avif).toBeLessThan(60 * 1024);
    expect(avif).toBeLessThan(jpg);
  });
});

describe('makeVariants', () => {
  it('turns a photo taken sideways (EXIF orientation 6) upright, with its width and height swapped', async () => {
    // Stored 600 × 400 as the sensor saw it: left half red, right half blue. Orientation 6 says
    // "rotate 90° clockwise to view", so upright it is 400 × 600 with red on top.
    const half = (r: number, b: number) =>
      sharp({ create: { width: 300, height: 400, channels: 3, background: { r, g: 0, b } } })
        .png()
        .toBuffer();
    const sideways = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#000' },
    })
      .composite([
        { input: await half(255, 0), left: 0, top: 0 },
        { input: await half(0, 255), left: 300, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const tagged = await sharp(sideways).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(tagged).metadata()).orientation).toBe(6);

    const result = ok(await makeVariants(ID, tagged));
    expect([result.image.width, result.image.height]).toEqual([400, 600]);
    for (const object of result.objects.filter((o) => !o.key.endsWith('card.jpg'))) {
      const { data, info } = await sharp(object.body).raw().toBuffer({ resolveWithObject: true });
      expect(info.height).toBeGreaterThan(info.width);
      const pixel = (y: number) => {
        const at = (y * info.width + Math.floor(info.width / 2)) * info.channels;
        return [data[at] ?? 0, data[at + 2] ?? 0] as const;
      };
      const [topRed, topBlue] = pixel(Math.floor(info.height / 4));
      const [bottomRed, bottomBlue] = pixel(Math.floor((info.height * 3) / 4));
      expect({ key: object.key, redOnTop: topRed > 200 && topBlue < 60 }).toEqual({
        key: object.key,
        redOnTop: true,
      });
      expect(bottomBlue > 200 && bottomRed < 60).toBe(true);
      // No orientation tag is left for a browser to apply a second time.
      expect((await sharp(object.body).metadata()).orientation).toBeUndefined();
    }
  });

  it('never upscales: a 300 px image has one width, its own', async () => {
    const small = await sharp(await photoPixels({ width: 300, height: 200 }), {
      raw: { width: 300, height: 200, channels: 3 },
    })
      .webp()
      .toBuffer();
    const result = ok(await makeVariants(ID, small));
    const keys = result.objects.map((o) => o.key).sort();
    expect(keys).toEqual(
      ['original.jpg', '300.avif', '300.webp', '300.jpg', 'card.jpg']
        .map((name) => `images/${ID}/${name}`)
        .sort(),
    );
    for (const object of result.objects.filter((o) => !o.key.endsWith('card.jpg')))
      expect((await sharp(object.body).metadata()).width).toBe(300);
  });

  it('keeps PNG as the fallback of an image with transparency, and its alpha in every format', async () => {
    const logo = await sharp({
      create: { width: 800, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><circle cx="400" cy="200" r="150" fill="#e33"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const result = ok(await makeVariants(ID, logo));
    expect(result.image.format).toBe('png');
    const keys = result.objects.map((o) => o.key);
    expect(keys).toContain(mediaKeys.original(ID, 'png'));
    expect(keys).toContain(mediaKeys.variant(ID, 480, 'png'));
    expect(keys.some((k) => k.endsWith('.jpg') && !k.endsWith('card.jpg'))).toBe(false);
    for (const object of result.objects.filter((o) => !o.key.endsWith('card.jpg'))) {
      const meta = await sharp(object.body).metadata();
      expect({ key: object.key, hasAlpha: meta.hasAlpha }).toEqual({
        key: object.key,
        hasAlpha: true,
      });
    }
  });

  it('falls back to JPEG for a PNG whose alpha channel is opaque everywhere', async () => {
    const opaque = await sharp({
      create: {
        width: 500,
        height: 300,
        channels: 4,
        background: { r: 20, g: 90, b: 200, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    expect((await sharp(opaque).metadata()).hasAlpha).toBe(true);
    expect(ok(await makeVariants(ID, opaque)).image.format).toBe('jpg');
  });

  it('reads the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 120, height: 80, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#f00'), await frame('#00f'), await frame('#0f0')], {
      join: { animated: true },
    })
      .gif({ loop: 0, delay: 100 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const result = ok(await makeVariants(ID, animated));
    expect([result.image.width, result.image.height]).toEqual([120, 80]);
    const still = result.objects.find((o) => o.key === mediaKeys.variant(ID, 120, 'webp'));
    const { data } = await sharp(still?.body).raw().toBuffer({ resolveWithObject: true });
    expect((data[0] ?? 0) > 200 && (data[2] ?? 255) < 60).toBe(true);
    expect((await sharp(still?.body).metadata()).pages ?? 1).toBe(1);
  });

  it('decodes only the accepted types: an SVG or a TIFF is refused, AVIF is read', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#09c"/></svg>',
    );
    const tiff = await sharp(svg).tiff().toBuffer();
    for (const refused of [svg, tiff])
      expect(await makeVariants(ID, refused)).toEqual({
        ok: false,
        error: 'must be a JPEG, PNG, WebP, GIF or AVIF image',
      });
    const avif = await sharp(svg).avif().toBuffer();
    expect(ok(await makeVariants(ID, avif)).image).toMatchObject({ width: 400, height: 300 });
  });

  it('converts a CMYK JPEG (as print workflows export) to sRGB in every output', async () => {
    const cmyk = await sharp(await photoJpeg({ width: 600, height: 400 }))
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    for (const object of ok(await makeVariants(ID, cmyk)).objects) {
      const meta = await sharp(object.body).metadata();
      expect({ key: object.key, space: meta.space, channels: meta.channels }).toEqual({
        key: object.key,
        space: 'srgb',
        channels: 3,
      });
    }
  });

  it('refuses an image declaring more pixels than the function may decode (a decompression bomb)', async () => {
    // A PNG announcing 20000 × 20000 pixels with almost no pixel data: a few bytes that would ask
    // for 1.2 GB if decoded.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(64))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await makeVariants(ID, bomb)).toEqual({
      ok: false,
      error: 'is larger than 100 megapixels',
    });
  });

  it('answers why, never throws, for bytes that are not an image it can read', async () => {
    const text = await makeVariants(ID, Buffer.from('just some text, not an image'));
    expect(text).toEqual({
      ok: false,
      error: expect.stringMatching(/^could not be read as an image/),
    });
    // A real JPEG header with its pixel data cut off: the header reads, the pixels do not.
    const photo = await photoJpeg({ width: 800, height: 600 });
    const truncated = await makeVariants(ID, photo.subarray(0, Math.floor(photo.length / 2)));
    expect(truncated.ok).toBe(false);
  });
});
