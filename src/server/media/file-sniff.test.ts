import { describe, expect, it } from 'vitest';
import { sniffMimeType } from './file-sniff.server';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

function ftyp(brand: string): Uint8Array {
  return Uint8Array.from([
    0,
    0,
    0,
    24,
    ...text('ftyp'),
    ...text(brand),
    0,
    0,
    0,
    0,
    ...text('isom'),
  ]);
}

/** A zip whose first entry is `name` with `content` stored uncompressed. */
function zipWithFirstEntry(name: string, content: string): Uint8Array {
  const header = new Uint8Array(30);
  header.set([0x50, 0x4b, 0x03, 0x04]);
  return Uint8Array.from([...header, ...text(name), ...text(content)]);
}

describe('sniffMimeType', () => {
  it('recognises images by their signatures', () => {
    expect(sniffMimeType('image', bytes(0xff, 0xd8, 0xff, 0xe0), 'a.jpg')).toBe('image/jpeg');
    expect(sniffMimeType('image', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'a')).toBe(
      'image/png',
    );
    expect(sniffMimeType('image', text('RIFF\0\0\0\0WEBPVP8 '), 'a.webp')).toBe('image/webp');
    expect(sniffMimeType('image', ftyp('avif'), 'a.avif')).toBe('image/avif');
    expect(sniffMimeType('gif', text('GIF89a....'), 'a.gif')).toBe('image/gif');
  });

  it('takes a type only for its own kind', () => {
    expect(sniffMimeType('image', text('GIF89a....'), 'a.gif')).toBeNull();
    expect(sniffMimeType('gif', bytes(0xff, 0xd8, 0xff, 0xe0), 'a.gif')).toBeNull();
    expect(sniffMimeType('file', bytes(0xff, 0xd8, 0xff, 0xe0), 'a.jpg')).toBeNull();
  });

  it('tells mp4 video, m4a audio and QuickTime apart', () => {
    expect(sniffMimeType('video', ftyp('isom'), 'a.mp4')).toBe('video/mp4');
    expect(sniffMimeType('video', ftyp('qt  '), 'a.mov')).toBeNull();
    expect(sniffMimeType('audio', ftyp('M4A '), 'a.m4a')).toBe('audio/mp4');
    // An audio-only mp4 with a generic brand is an m4a when uploaded as audio.
    expect(sniffMimeType('audio', ftyp('mp42'), 'a.m4a')).toBe('audio/mp4');
    expect(sniffMimeType('video', ftyp('M4A '), 'a.mp4')).toBeNull();
  });

  it('recognises audio containers and bare mp3 frames', () => {
    expect(sniffMimeType('audio', text('ID3\x04\0\0\0\0\0\0'), 'a.mp3')).toBe('audio/mpeg');
    expect(sniffMimeType('audio', bytes(0xff, 0xfb, 0x90, 0x64), 'a.mp3')).toBe('audio/mpeg');
    expect(sniffMimeType('audio', text('RIFF\0\0\0\0WAVEfmt '), 'a.wav')).toBe('audio/wav');
    expect(sniffMimeType('audio', text('OggS\0\x02'), 'a.ogg')).toBe('audio/ogg');
    expect(sniffMimeType('audio', text('fLaC\0\0\0\x22'), 'a.flac')).toBe('audio/flac');
  });

  it('recognises documents, using the extension only within the container the bytes prove', () => {
    expect(sniffMimeType('file', text('%PDF-1.7\n'), 'x.bin')).toBe('application/pdf');
    expect(sniffMimeType('file', text('{\\rtf1\\ansi'), 'x.rtf')).toBe('application/rtf');
    const ooxml = zipWithFirstEntry('[Content_Types].xml', '<?xml');
    expect(sniffMimeType('file', ooxml, 'Budget.XLSX')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sniffMimeType('file', ooxml, 'archive.zip')).toBe('application/zip');
    expect(
      sniffMimeType('file', zipWithFirstEntry('mimetype', 'application/epub+zip'), 'book.zip'),
    ).toBe('application/epub+zip');
    const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0);
    expect(sniffMimeType('file', ole, 'old.doc')).toBe('application/msword');
    // An installer is an OLE file too: without a document extension it is refused.
    expect(sniffMimeType('file', ole, 'setup.msi')).toBeNull();
  });

  it('takes plain text and csv, but not binary or markup it cannot serve safely', () => {
    expect(sniffMimeType('file', text('a,b\n1,2\n'), 'data.csv')).toBe('text/csv');
    expect(sniffMimeType('file', text('Notes\tand\r\nthings é'), 'notes.txt')).toBe('text/plain');
    expect(sniffMimeType('file', bytes(0x41, 0x00, 0x42), 'a.txt')).toBeNull();
    expect(sniffMimeType('file', bytes(0xc3, 0x28), 'a.txt')).toBeNull();
    // A character cut by the end of the sample is fine when the file goes on.
    expect(sniffMimeType('file', text('ab é').subarray(0, 4), 'a.txt', true)).toBe('text/plain');
    expect(sniffMimeType('file', new Uint8Array(), 'a.txt')).toBeNull();
  });
});
