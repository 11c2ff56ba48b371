import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { bannerPng, encodePng } from './png';

describe('encodePng', () => {
  it('writes a PNG whose pixels decode back to what was drawn', async () => {
    const png = encodePng(3, 2, (x, y) => [x * 100, y * 200, 7]);
    expect(await fileTypeFromBuffer(png)).toEqual({ ext: 'png', mime: 'image/png' });
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    // Row 1 (after its filter byte): pixels (0,1), (1,1), (2,1).
    expect([...raw.subarray(11, 20)]).toEqual([0, 200, 7, 100, 200, 7, 200, 200, 7]);
  });

  it('makes banners small enough to upload (well under 5 MB)', () => {
    const png = bannerPng({
      from: [20, 40, 90],
      to: [240, 120, 60],
      discs: [{ x: 0.8, y: 0.3, r: 0.2, colour: [255, 255, 255], alpha: 0.3 }],
    });
    expect(png.length).toBeLessThan(1024 * 1024);
  });
});
