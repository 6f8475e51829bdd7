/**
 * Tiny but real files of each upload kind, made in code: the upload tests (media-upload.test.ts)
 * and the writer's journey in the browser (tests/e2e/post-editor-journey.spec.ts) send them
 * through the real endpoint, whose type sniffing and parsers must accept them.
 */
import sharp from 'sharp';

export async function pngFixture(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

/** A two-frame animated GIF, 8×6 per frame. */
export async function gifFixture(): Promise<Buffer> {
  const raw = Buffer.alloc(8 * 12 * 3, 120);
  raw.fill(250, 0, 8 * 6 * 3);
  return sharp(raw, { raw: { width: 8, height: 12, channels: 3, pageHeight: 6 } })
    .gif()
    .toBuffer();
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** An mp4 whose moov says 2.5 s at 320×240 (mvhd and tkhd version 0), then some media data. */
export function mp4Fixture(): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomiso2mp41'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(2500, 16); // duration
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(320 * 65536, 76);
  tkhd.writeUInt32BE(240 * 65536, 80);
  const moov = box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd)));
  const mdat = box('mdat', Buffer.alloc(5000, 7));
  return Buffer.concat([ftyp, mdat, moov]);
}

/** An ID3v2 tag followed by MPEG-1 layer III frames of silence. */
export function mp3Fixture(): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, frame, frame, frame]);
}

export function pdfFixture(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
}
