// Generated library images for the backup benchmarks.
import { randomBytes } from 'node:crypto';

/** Images: real PNGs made with sharp (noise, so they do not compress away) when sharp loads, else random bytes. */
export async function imageMaker() {
  try {
    const { default: sharp } = await import('sharp');
    return {
      kind: 'PNG images made with sharp (gaussian noise)',
      make: async (i) => {
        const side = 128 + ((i * 37) % 129); // 128..256 px: about 50-200 KB
        return sharp({
          create: {
            width: side,
            height: side,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .png({ compressionLevel: 1 })
          .toBuffer();
      },
    };
  } catch {
    return {
      kind: 'random bytes behind a PNG signature (sharp not installed)',
      make: async () =>
        Buffer.concat([
          Buffer.from('89504e470d0a1a0a', 'hex'),
          randomBytes(50_000 + Math.floor(Math.random() * 150_000)),
        ]),
    };
  }
}
