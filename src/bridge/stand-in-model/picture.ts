/**
 * The picture the stand-in model shows: a PNG drawn here, so that no image file ships with the
 * kit. A sky that darkens towards the top, a sun, and a hill. Node only.
 */
import { crc32, deflateSync } from 'node:zlib';

/** Its size, in pixels. */
export const PICTURE_WIDTH = 96;
export const PICTURE_HEIGHT = 64;

function colourAt(x: number, y: number): readonly [number, number, number] {
  const hill = y > 44 + 8 * Math.sin(x / 14);
  if (hill) return [46, 125, 50];
  if ((x - 68) ** 2 + (y - 20) ** 2 < 100) return [253, 216, 53];
  return [40 + y, 100 + y * 1.5, 200];
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, sum]);
}

/** The picture as a PNG file's bytes (8-bit RGB, no filter). */
export function picturePng(): Buffer {
  const rows = [];
  for (let y = 0; y < PICTURE_HEIGHT; y++) {
    const row = Buffer.alloc(1 + PICTURE_WIDTH * 3);
    for (let x = 0; x < PICTURE_WIDTH; x++) row.set(colourAt(x, y).map(Math.round), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(PICTURE_WIDTH, 0);
  header.writeUInt32BE(PICTURE_HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
