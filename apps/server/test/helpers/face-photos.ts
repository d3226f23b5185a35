import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

// Test photos of faces, cut from the sample photos that ship inside @vladmandic/face-api (each of its six
// holds three to five people): a crop around one face, wide or tight, large or small. Measured with the
// model (decision 050): the two crops of one person are 0.14–0.17 apart, different people 0.64 and more.

const require = createRequire(import.meta.url);
const SAMPLES = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

type Box = { sample: string; x: number; y: number; w: number; h: number };

/** The faces' boxes in the samples, as the model finds them. */
const FACES = {
  amal: { sample: 'sample1.jpg', x: 414, y: 355, w: 177, h: 240 },
  bruno: { sample: 'sample1.jpg', x: 838, y: 421, w: 186, h: 228 },
  chidi: { sample: 'sample5.jpg', x: 787, y: 109, w: 156, h: 212 },
  dana: { sample: 'sample3.jpg', x: 585, y: 329, w: 199, h: 271 },
} satisfies Record<string, Box>;

export type FaceName = keyof typeof FACES;

/** A JPEG of one person: `wide` with 120 px around the face, `tight` with 50–60 px and made smaller. */
export async function facePhoto(name: FaceName, framing: 'wide' | 'tight' = 'wide'): Promise<Buffer> {
  const box = FACES[name];
  const file = path.join(SAMPLES, box.sample);
  const { width = 0, height = 0 } = await sharp(file).metadata();
  const margin = framing === 'wide' ? 120 : 55;
  const left = Math.max(0, box.x - margin);
  const top = Math.max(0, box.y - margin);
  const crop = sharp(file).extract({
    left,
    top,
    width: Math.min(width - left, box.w + 2 * margin),
    height: Math.min(height - top, box.h + 2 * margin),
  });
  return (framing === 'tight' ? crop.resize({ width: 280 }) : crop).jpeg({ quality: 90 }).toBuffer();
}

/** A sample photo as it ships: several people. */
export const groupPhoto = () => sharp(path.join(SAMPLES, 'sample1.jpg')).jpeg().toBuffer();

/** A photo with no face: a grey square with a gradient. */
export const faceless = () =>
  sharp({ create: { width: 400, height: 480, channels: 3, background: '#8a8f99' } })
    .jpeg()
    .toBuffer();
