// Photos made by the tests themselves (the site ships none): a job-site picture with the GPS
// position and camera tags a phone writes, and a portrait shot stored sideways with an EXIF
// orientation, as phones store them.
import sharp from "sharp";

/** Where the fixtures say they were taken: a spot in Mattoon. */
const GPS = { latitude: "39/1 29/1 1/1", longitude: "88/1 22/1 1/1" };

/** A noisy gradient, so that encoders have real work to do and sizes are realistic. */
async function scene(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i += 3) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const noise = state % 40;
    pixels[i] = (x * 180) / width + noise;
    pixels[i + 1] = (y * 140) / height + 60 + noise;
    pixels[i + 2] = 90 + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A landscape JPEG carrying EXIF camera tags, a GPS position, an XMP packet and a comment. */
export async function jobSitePhoto(width = 1600, height = 1000): Promise<Buffer> {
  return sharp(await scene(width, height, 7))
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15", Software: "Camera 1.0", Artist: "Crew Lead" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: GPS.latitude,
        GPSLongitudeRef: "W",
        GPSLongitude: GPS.longitude,
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="39,29.0N"/></rdf:RDF></x:xmpmeta>',
    )
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A portrait photo stored as landscape pixels with EXIF orientation 6 ("turn 90° clockwise"). */
export async function sidewaysPortrait(storedWidth = 1200, storedHeight = 900): Promise<Buffer> {
  return sharp(await scene(storedWidth, storedHeight, 11))
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15" } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function smallPhoto(): Promise<Buffer> {
  return sharp(await scene(600, 400, 3))
    .jpeg()
    .toBuffer();
}

export async function gifImage(): Promise<Buffer> {
  return sharp(await scene(900, 600, 5))
    .gif()
    .toBuffer();
}
