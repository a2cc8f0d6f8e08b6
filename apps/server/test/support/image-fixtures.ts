import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A solid-colour PNG made on the fly (tests never use photos from outside the repository). */
export function solidPng(width: number, height: number, colour = { r: 200, g: 120, b: 60 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A JPEG whose left half is red and right half blue. */
export function twoColourJpeg(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([
      {
        input: { create: { width: half, height, channels: 3, background: { r: 255, g: 0, b: 0 } } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
}

function ifdEntry(tag: number, type: number, count: number, value: Buffer): Buffer {
  const entry = Buffer.alloc(12);
  entry.writeUInt16LE(tag, 0);
  entry.writeUInt16LE(type, 2);
  entry.writeUInt32LE(count, 4);
  value.copy(entry, 8, 0, 4);
  return entry;
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value, 0);
  return buffer;
}

/**
 * An EXIF (TIFF, little-endian) block with an Orientation tag and a GPS position
 * (51° 30′ N, 0° 7′ W), built by hand so that the test knows exactly what is inside.
 */
export function exifWithOrientationAndGps(orientation: number): Buffer {
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  // IFD0 at 8: 2 entries (Orientation, GPS pointer) → 2 + 24 + 4 bytes = 30; GPS IFD at 38.
  const gpsOffset = 8 + 2 + 2 * 12 + 4;
  const orientationValue = Buffer.alloc(4);
  orientationValue.writeUInt16LE(orientation, 0);
  const ifd0 = Buffer.concat([
    Buffer.from([0x02, 0x00]),
    ifdEntry(0x0112, 3, 1, orientationValue),
    ifdEntry(0x8825, 4, 1, uint32(gpsOffset)),
    uint32(0),
  ]);
  // GPS IFD: 4 entries → 2 + 48 + 4 = 54 bytes; rationals follow at gpsOffset + 54.
  const latitudeOffset = gpsOffset + 2 + 4 * 12 + 4;
  const longitudeOffset = latitudeOffset + 24;
  const gpsIfd = Buffer.concat([
    Buffer.from([0x04, 0x00]),
    ifdEntry(0x0001, 2, 2, Buffer.from('N\0\0\0', 'latin1')),
    ifdEntry(0x0002, 5, 3, uint32(latitudeOffset)),
    ifdEntry(0x0003, 2, 2, Buffer.from('W\0\0\0', 'latin1')),
    ifdEntry(0x0004, 5, 3, uint32(longitudeOffset)),
    uint32(0),
  ]);
  const rationals = (values: number[]) =>
    Buffer.concat(values.flatMap((value) => [uint32(value), uint32(1)]));
  return Buffer.concat([
    Buffer.from('Exif\0\0', 'latin1'),
    header,
    ifd0,
    gpsIfd,
    rationals([51, 30, 0]),
    rationals([0, 7, 0]),
  ]);
}

/** Inserts an APP1 (EXIF) segment right after a JPEG's SOI marker. */
export function withExifSegment(jpeg: Buffer, exif: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(exif.length + 2, 0);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, exif, jpeg.subarray(2)]);
}

const crcTable = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

/** A tiny, valid-looking PNG whose header declares width × height (a decompression bomb's shape). */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
