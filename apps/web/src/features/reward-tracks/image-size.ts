/**
 * The pixel size of a chosen image, read from its header (PNG, JPEG) or its root element (SVG), so that a milestone
 * image can be checked before it is uploaded. `null` when the file is not an image this reader understands: the
 * form then says 'Invalid image file'. An SVG without a width and height scales to any size and passes as 0 × 0.
 */
export type TImageSize = { width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The first chunk of every PNG: 13 bytes of data named IHDR, holding the width and height. */
const IHDR = [0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52];

const readPng = (bytes: DataView): TImageSize | null => {
  if (bytes.byteLength < 33) return null;
  if (!PNG_SIGNATURE.every((value, index) => bytes.getUint8(index) === value)) return null;
  // A signature followed by anything but a header is no image ('Invalid image file'), not an oversized one.
  if (!IHDR.every((value, index) => bytes.getUint8(8 + index) === value)) return null;
  return { width: bytes.getUint32(16), height: bytes.getUint32(20) };
};

/** Start-of-frame markers of every JPEG coding (baseline, progressive, lossless…), not DHT, JPG or DAC. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const readJpeg = (bytes: DataView): TImageSize | null => {
  if (bytes.byteLength < 4 || bytes.getUint16(0) !== 0xffd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.byteLength) {
    if (bytes.getUint8(offset) !== 0xff) return null;
    const marker = bytes.getUint8(offset + 1);
    if (isStartOfFrame(marker))
      return { height: bytes.getUint16(offset + 5), width: bytes.getUint16(offset + 7) };
    offset += 2 + bytes.getUint16(offset + 2);
  }
  return null;
};

const svgLength = (value: string | null) => {
  const number = value ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
};

const readSvg = (text: string): TImageSize | null => {
  const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  if (root?.nodeName.toLowerCase() !== 'svg') return null;
  const width = svgLength(root.getAttribute('width'));
  const height = svgLength(root.getAttribute('height'));
  if (width !== null && height !== null) return { width: Math.ceil(width), height: Math.ceil(height) };
  const box = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && (box[2] ?? 0) > 0 && (box[3] ?? 0) > 0)
    return { width: Math.ceil(box[2] ?? 0), height: Math.ceil(box[3] ?? 0) };
  return { width: 0, height: 0 };
};

export const readImageSize = async (file: Blob): Promise<TImageSize | null> => {
  try {
    const buffer = await file.arrayBuffer();
    const bytes = new DataView(buffer);
    const raster = readPng(bytes) ?? readJpeg(bytes);
    if (raster) return raster.width > 0 && raster.height > 0 ? raster : null;
    const head = new TextDecoder().decode(buffer.slice(0, 512)).trimStart();
    if (head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--'))
      return readSvg(new TextDecoder().decode(buffer));
    return null;
  } catch {
    return null;
  }
};

/** Whether an image fits a box; a box side of 0 or less means no limit on that side. */
export const fitsWithin = (size: TImageSize, maxWidth: number, maxHeight: number) =>
  (maxWidth <= 0 || size.width <= maxWidth) && (maxHeight <= 0 || size.height <= maxHeight);
