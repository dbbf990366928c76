import { describe, expect, it } from 'vitest';
import { fitsWithin, readImageSize } from '@/features/reward-tracks/image-size';
import { pngFile } from '@/features/reward-tracks/test-server';

/** A JPEG's start of image, an APP0 segment, then a baseline frame header of the given size. */
const jpegFile = (width: number, height: number) => {
  const bytes = new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x04,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  return new File([bytes], 'photo.jpg', { type: 'image/jpeg' });
};

const svgFile = (text: string) => new File([text], 'icon.svg', { type: 'image/svg+xml' });

describe('readImageSize', () => {
  it('reads a PNG and a JPEG header', async () => {
    expect(await readImageSize(pngFile('a.png', 640, 480))).toEqual({ width: 640, height: 480 });
    expect(await readImageSize(jpegFile(300, 200))).toEqual({ width: 300, height: 200 });
  });

  it("reads an SVG's width and height, or its viewBox", async () => {
    expect(
      await readImageSize(svgFile('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"/>')),
    ).toEqual({
      width: 64,
      height: 32,
    });
    expect(
      await readImageSize(svgFile('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12"/>')),
    ).toEqual({
      width: 24,
      height: 12,
    });
  });

  it('gives null for a file that is not an image', async () => {
    expect(await readImageSize(new File(['hello'], 'notes.png', { type: 'image/png' }))).toBeNull();
  });

  it('gives null for a PNG signature followed by no header (garbage, not an oversized image)', async () => {
    const garbage = new Uint8Array(64).fill(0xff);
    garbage.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await readImageSize(new File([garbage], 'broken.png', { type: 'image/png' }))).toBeNull();
  });

  it('checks a size against a box', () => {
    expect(fitsWithin({ width: 100, height: 50 }, 100, 50)).toBe(true);
    expect(fitsWithin({ width: 101, height: 50 }, 100, 50)).toBe(false);
    expect(fitsWithin({ width: 5000, height: 5000 }, 0, 0)).toBe(true);
  });
});
