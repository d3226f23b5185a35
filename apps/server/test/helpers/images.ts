import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and its CRC. */
export const pngChunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/**
 * A real, decodable PNG of the given size, one grey (`fill`, 0–255). `padTo` pads with a text chunk to
 * reach a byte size.
 */
export function makePng(width: number, height: number, opts: { padTo?: number; fill?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, opts.fill ?? 0x3c)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw))];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (opts.padTo && opts.padTo > size + 12) parts.push(pngChunk('tEXt', Buffer.alloc(opts.padTo - size - 12, 0x61)));
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A real JPEG of the given size, one colour. */
export const makeJpeg = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#3c3c3c' } })
    .jpeg()
    .toBuffer();

/** What a stored image decodes to, and whether any metadata came with it. */
export async function readImage(data: Buffer) {
  const meta = await sharp(data).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    hasMetadata: Boolean(meta.exif ?? meta.xmp ?? meta.icc ?? meta.iptc ?? meta.comments?.length),
  };
}
