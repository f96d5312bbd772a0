import sharp from 'sharp';
import { TEAM_LOGO_SERVED_PX } from '@powerpool/contracts';
import type { EspnImage } from '../domain/espn.js';

/** Largest input decoded, in pixels (a 4096 x 4096 image): a bigger one is refused, not decoded. */
const MAX_INPUT_PIXELS = 4096 * 4096;

/**
 * A fetched team logo at the size PowerPool serves it: a TEAM_LOGO_SERVED_PX square PNG (the
 * image fitted inside, transparent around it), whatever the provider sent (its 500 px PNG, an
 * SVG, a JPEG, WebP or GIF). A phone then loads a few KB per logo instead of a 500 px image shown
 * at 28 px (docs/screens.md#main-thread-time), and an SVG never reaches a browser as a document of ours. Throws when the
 * bytes do not decode as an image (the import then treats the logo as not fetched).
 */
export async function sizeTeamLogo(image: EspnImage): Promise<EspnImage> {
  const bytes = await sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .resize(TEAM_LOGO_SERVED_PX, TEAM_LOGO_SERVED_PX, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return { bytes, contentType: 'image/png' };
}
