// Hostile uploads, all built here from code (no binary file is committed): image bombs and fake
// headers, polyglots, metadata that gives a location away, files of one type named as another, PDFs
// that run something, zips that unpack without end or out of their folder, and names that climb paths.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import yazl from 'yazl';
import { LIMITS } from '@app/shared/constants';
import { makePng, pngChunk, PNG_SIGNATURE } from './images';

export type UploadFixture = {
  key: string;
  /** What it is, for failure messages. */
  label: string;
  data: Buffer;
  filename: string;
  contentType: string;
};

// ── images ──────────────────────────────────────────────────────────────────────────────────────

const ihdr = (width: number, height: number, bitDepth: number, colourType: number) => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colourType;
  return pngChunk('IHDR', data);
};

/**
 * A real PNG of width × height black pixels, one bit each: 20000² is 50 KB on disk and 1.6 GB for a
 * browser to draw (four bytes a pixel).
 */
export function makePngBomb(width = 20000, height = 20000): Buffer {
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0, all pixels 0
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 1, 0),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 65 bytes whose header claims 65535 × 65535: a signature, IHDR, an empty IDAT and IEND. */
export function makeFakeHeaderPng(): Buffer {
  const png = Buffer.concat([
    PNG_SIGNATURE,
    ihdr(65535, 65535, 8, 2),
    pngChunk('IDAT', deflateSync(Buffer.alloc(0))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  if (png.length !== 65) throw new Error(`fake header PNG is ${png.length} bytes`);
  return png;
}

/** Random pixels, so the image data is long enough to cut through. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A PNG cut off in the middle of its image data: the header is whole, the pixels are not. */
export async function makeTruncatedPng(width = 400, height = 500): Promise<Buffer> {
  const png = await noisyPng(width, height);
  const idat = png.indexOf('IDAT', 8, 'latin1');
  return png.subarray(0, idat + Math.floor((png.length - idat) / 2));
}

export const HTML_PAYLOAD =
  '<html><body><script>fetch("/api/v1/auth/me").then(r=>r.text()).then(alert)</script></body></html>';

/** A PNG that decodes, with an HTML page after its end: opened as HTML it runs the script. */
export const makePolyglotPng = (width = 400, height = 500) =>
  Buffer.concat([makePng(width, height, { fill: 0xc8 }), Buffer.from(HTML_PAYLOAD)]);

export const EXIF_SECRETS = ['Spy Camera 3000', 'Home address, 1 Private Lane'];

/**
 * A JPEG with a camera, GPS position, a 30 KB description and XMP, stored sideways (500 × 400) with
 * EXIF orientation 6: shown upright it is 400 × 500.
 */
export async function makeMetadataJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 500, height: 400, channels: 3, background: '#3c6e8f' } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: EXIF_SECRETS[0]!, ImageDescription: `${EXIF_SECRETS[1]} ${'x'.repeat(30000)}` },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2617/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3966/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>${EXIF_SECRETS[1]}</rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100" onload="alert(document.cookie)"><script>alert(1)</script><rect width="400" height="100"/></svg>',
);

/** A real 1 × 1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

// ── PDFs ────────────────────────────────────────────────────────────────────────────────────────

/** A PDF of the given objects (readers rebuild the missing cross-reference table). */
export function makePdfOf(...objects: (string | Buffer)[]): Buffer {
  const parts = objects.map((o, i) =>
    Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(o), Buffer.from('\nendobj\n')]),
  );
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
    ...parts,
    Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

/** A stream object's text: its dictionary entries, /Length and the (already encoded) data. */
export const pdfStream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>';
const content = (text: string) =>
  pdfStream('/Filter /FlateDecode', deflateSync(Buffer.from(`BT /F1 24 Tf 72 720 Td (${text}) Tj ET`)));

/** A plain one-page PDF whose page text is Flate-compressed, as most writers make them. */
export const makeCleanPdf = (text = 'Site rules') =>
  makePdfOf('<< /Type /Catalog /Pages 2 0 R >>', PAGES, PAGE, content(text));

export const makePdfWithJavaScript = () =>
  makePdfOf(
    '<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript << /Names [(x) 5 0 R] >> >> >>',
    PAGES,
    PAGE,
    content('Site rules'),
    '<< /S /JavaScript /JS (app.alert("hi")) >>',
  );

export const makePdfWithOpenAction = () =>
  makePdfOf('<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>', PAGES, PAGE, content('Site rules'));

/** /JS hidden in a compressed object stream: nothing in the raw bytes names it. */
export const makePdfWithFlateJs = () =>
  makePdfOf(
    '<< /Type /Catalog /Pages 2 0 R >>',
    PAGES,
    PAGE,
    content('Site rules'),
    pdfStream(
      '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
      deflateSync(Buffer.from('6 0 << /S /JavaScript /JS (app.alert(1)) >>')),
    ),
  );

/** /JavaScript written with a name escape (#61 is `a`), which readers decode. */
export const makePdfWithEscapedName = () =>
  makePdfOf(
    '<< /Type /Catalog /Pages 2 0 R /Names << /J#61vaScript 5 0 R >> >>',
    PAGES,
    PAGE,
    content('x'),
    '<< /S /J#61vaScript /J#53 (app.alert(1)) >>',
  );

export const HTML_AS_PDF = Buffer.from(`<!doctype html>${HTML_PAYLOAD}`);

// ── zips ────────────────────────────────────────────────────────────────────────────────────────

type ZipAdd = (zip: yazl.ZipFile) => void;

export async function makeZip(add: ZipAdd): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  add(zip);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** Rewrites fields of every entry, in its local header and in the central directory alike. */
export function patchZipEntries(
  zip: Buffer,
  patch: { flags?: (flags: number) => number; method?: number; uncompressedSize?: number },
): Buffer {
  const out = Buffer.from(zip);
  const eocd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd === -1 || out.readUInt32LE(eocd) !== END_OF_CENTRAL_DIRECTORY) throw new Error('not a zip');
  const count = out.readUInt16LE(eocd + 10);
  let at = out.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const local = out.readUInt32LE(at + 42);
    // Central header: flags at 8, method at 10, size at 24; local header: 6, 8 and 22.
    for (const [base, flags, method, size] of [
      [at, 8, 10, 24],
      [local, 6, 8, 22],
    ] as const) {
      if (patch.flags) out.writeUInt16LE(patch.flags(out.readUInt16LE(base + flags)), base + flags);
      if (patch.method !== undefined) out.writeUInt16LE(patch.method, base + method);
      if (patch.uncompressedSize !== undefined) out.writeUInt32LE(patch.uncompressedSize, base + size);
    }
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}

/**
 * A zip whose entries have names no zip writer lets through (`../x`, `/etc/passwd`, `a\b`): written
 * under placeholders of the same length, then renamed in place.
 */
export async function makeZipWithNames(names: string[], data = Buffer.from('x')): Promise<Buffer> {
  const placeholders = names.map((name, i) => `${i}`.padStart(Buffer.byteLength(name), 'q'));
  let zip = await makeZip((z) => placeholders.forEach((p) => z.addBuffer(data, p)));
  names.forEach((name, i) => {
    const from = Buffer.from(placeholders[i]!);
    const to = Buffer.from(name);
    for (let at = zip.indexOf(from); at !== -1; at = zip.indexOf(from, at + to.length)) {
      zip = Buffer.concat([zip.subarray(0, at), to, zip.subarray(at + to.length)]);
    }
  });
  return zip;
}

/**
 * One photo name holding `size` zero bytes: 64 MB by default, past every photo zip limit (500 KB an
 * entry, 50 MB unpacked, a ratio of 100) and about 64 KB packed.
 */
export const makeZipBomb = (size = 64 * 1024 * 1024) =>
  makeZip((z) => z.addBuffer(Buffer.alloc(size), 'photo.jpg', { compressionLevel: 9 }));

export const makeZipWithFolder = () =>
  makeZip((z) => {
    z.addEmptyDirectory('photos/');
    z.addBuffer(makePng(20, 20), 'photos/jane.png');
  });

export const makeZipWithTooManyEntries = (count = LIMITS.zipMaxEntries + 1) =>
  makeZip((z) => {
    for (let i = 0; i < count; i++) z.addBuffer(Buffer.from([i & 0xff]), `p${i}.png`, { compress: false });
  });

export const makeZipWithSymlink = () =>
  makeZip((z) => z.addBuffer(Buffer.from('/etc/passwd'), 'jane.png', { mode: 0o120777, compress: false }));

// ── the set ─────────────────────────────────────────────────────────────────────────────────────

export const TRAVERSAL_NAME = '../../etc/passwd';

let built: Promise<UploadFixture[]> | undefined;

/** Every upload fixture, built once per test file. */
export function uploadFixtures(): Promise<UploadFixture[]> {
  built ??= (async () => {
    const png = 'image/png';
    const pdf = 'application/pdf';
    const zip = 'application/zip';
    return [
      {
        key: 'good_png',
        label: 'a plain 400×500 PNG',
        data: makePng(400, 500),
        filename: 'logo.png',
        contentType: png,
      },
      { key: 'png_bomb', label: 'a 20000×20000 PNG bomb', data: makePngBomb(), filename: 'logo.png', contentType: png },
      {
        key: 'fake_header',
        label: 'a 65-byte PNG claiming 65535×65535',
        data: makeFakeHeaderPng(),
        filename: 'logo.png',
        contentType: png,
      },
      {
        key: 'truncated_png',
        label: 'a truncated PNG',
        data: await makeTruncatedPng(),
        filename: 'logo.png',
        contentType: png,
      },
      {
        key: 'polyglot_png',
        label: 'a PNG with HTML appended',
        data: makePolyglotPng(),
        filename: 'logo.png',
        contentType: png,
      },
      {
        key: 'metadata_jpeg',
        label: 'a JPEG with EXIF, GPS and XMP',
        data: await makeMetadataJpeg(),
        filename: 'me.jpg',
        contentType: 'image/jpeg',
      },
      {
        key: 'svg_as_png',
        label: 'an SVG with a script named logo.png',
        data: SVG_WITH_SCRIPT,
        filename: 'logo.png',
        contentType: png,
      },
      { key: 'gif', label: 'a GIF', data: GIF, filename: 'logo.gif', contentType: 'image/gif' },
      {
        key: 'pdf_javascript',
        label: 'a PDF with /JavaScript',
        data: makePdfWithJavaScript(),
        filename: 'rules.pdf',
        contentType: pdf,
      },
      {
        key: 'pdf_open_action',
        label: 'a PDF with /OpenAction',
        data: makePdfWithOpenAction(),
        filename: 'rules.pdf',
        contentType: pdf,
      },
      {
        key: 'pdf_flate_js',
        label: 'a PDF hiding /JS in a Flate stream',
        data: makePdfWithFlateJs(),
        filename: 'rules.pdf',
        contentType: pdf,
      },
      {
        key: 'pdf_escaped_name',
        label: 'a PDF with /J#61vaScript',
        data: makePdfWithEscapedName(),
        filename: 'rules.pdf',
        contentType: pdf,
      },
      {
        key: 'html_as_pdf',
        label: 'an HTML page named .pdf',
        data: HTML_AS_PDF,
        filename: 'report.pdf',
        contentType: pdf,
      },
      { key: 'zip_bomb', label: 'a zip bomb', data: await makeZipBomb(), filename: 'photos.zip', contentType: zip },
      {
        key: 'zip_traversal',
        label: 'a zip with ../ and absolute names',
        data: await makeZipWithNames(['../evil.png', '/etc/passwd']),
        filename: 'photos.zip',
        contentType: zip,
      },
      {
        key: 'zip_folder',
        label: 'a zip with a folder',
        data: await makeZipWithFolder(),
        filename: 'photos.zip',
        contentType: zip,
      },
      {
        key: 'zip_too_many',
        label: 'a zip with too many entries',
        data: await makeZipWithTooManyEntries(),
        filename: 'photos.zip',
        contentType: zip,
      },
      {
        key: 'traversal_name',
        label: `a clean PDF named ${TRAVERSAL_NAME}`,
        data: makeCleanPdf(),
        filename: TRAVERSAL_NAME,
        contentType: pdf,
      },
    ];
  })();
  return built;
}
