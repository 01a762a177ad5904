import sharp, { type Exif } from 'sharp';
import { describe, expect, it } from 'vitest';
import { samplePhoto } from '../test/sample-files.js';
import { readPhotoFacts } from './exif.js';

const jpegWith = (exif: Exif) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
    .jpeg()
    .withExif(exif)
    .toBuffer();

describe('readPhotoFacts', () => {
  it('reads when, where (decimal degrees) and with which camera a photo was taken', async () => {
    expect(await readPhotoFacts(await samplePhoto())).toEqual({
      taken_at: '2023-07-14T09:30:05+02:00',
      latitude: 48.85666666666667,
      longitude: 2.2944444444444443,
      camera: 'Canon EOS R6',
    });
  });

  it('signs southern and western coordinates, and takes a time without offset as UTC', async () => {
    const photo = await jpegWith({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD2: { DateTimeOriginal: '2024:02:29 23:59:58' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 52/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '70/1 30/1 0/1',
      },
    });
    expect(await readPhotoFacts(photo)).toEqual({
      taken_at: '2024-02-29T23:59:58Z',
      latitude: -33.86666666666667,
      longitude: -70.5,
      camera: 'Apple iPhone 15',
    });
  });

  it("keeps the photo's own description as its caption", async () => {
    const photo = await jpegWith({ IFD0: { ImageDescription: '  Sunset at Palolem beach, Goa  ' } });
    expect(await readPhotoFacts(photo)).toEqual({ caption: 'Sunset at Palolem beach, Goa' });
  });

  it('leaves out what the photo does not say, and ignores an unset camera clock', async () => {
    const photo = await jpegWith({
      IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' },
      IFD0: { Model: 'X100V' },
    });
    expect(await readPhotoFacts(photo)).toEqual({ camera: 'X100V' });
  });

  it('answers null for an image without EXIF and for bytes that are no image', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await readPhotoFacts(png)).toBeNull();
    expect(await readPhotoFacts(Buffer.from('plain text, not a photo'))).toBeNull();
  });
});
