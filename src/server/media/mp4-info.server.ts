/**
 * Duration and picture size of a stored mp4 or m4a, read from its `moov` box (SPEC §3 Media:
 * width, height, duration), so the reader's player reserves the right box before the video
 * loads. Only box headers and the `moov` box are read, never the media data: the `moov` of a
 * phone video that was not "fast-started" sits after hundreds of MB of frames.
 */
import { open } from 'node:fs/promises';

/** What the container says; each field is absent when it does not say. */
export interface Mp4Info {
  /** Seconds. */
  duration?: number;
  width?: number;
  height?: number;
}

// A moov box is a few hundred KB even for long videos; a larger one is not worth reading.
const MOOV_MAX_BYTES = 16 * 1024 * 1024;

interface Box {
  type: string;
  /** Offset of the box's content (after its header) and its length. */
  start: number;
  length: number;
}

/** The boxes inside `data` between `from` and `to`. */
function* boxesIn(data: Buffer, from: number, to: number): Generator<Box> {
  let offset = from;
  while (offset + 8 <= to) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) return;
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) return;
    yield { type, start: offset + header, length: size - header };
    offset += size;
  }
}

function child(data: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of boxesIn(data, parent.start, parent.start + parent.length)) {
    if (box.type === type) return box;
  }
  return undefined;
}

/** Seconds from an `mvhd` box (version 0: 32-bit fields, version 1: 64-bit). */
function durationOf(data: Buffer, mvhd: Box): number | undefined {
  const version = data[mvhd.start];
  const at = mvhd.start + 4 + (version === 1 ? 16 : 8);
  if (at + (version === 1 ? 12 : 8) > mvhd.start + mvhd.length) return undefined;
  const timescale = data.readUInt32BE(at);
  const units = version === 1 ? Number(data.readBigUInt64BE(at + 4)) : data.readUInt32BE(at + 4);
  if (timescale === 0 || units === 0 || units === 0xffffffff) return undefined;
  return Math.round((units / timescale) * 1000) / 1000;
}

/** Picture size from the `tkhd` of the first track that has one (16.16 fixed-point, at its end). */
function sizeOf(data: Buffer, moov: Box): { width: number; height: number } | undefined {
  for (const trak of boxesIn(data, moov.start, moov.start + moov.length)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(data, trak, 'tkhd');
    if (!tkhd || tkhd.length < 8) continue;
    const end = tkhd.start + tkhd.length;
    const width = Math.round(data.readUInt32BE(end - 8) / 65536);
    const height = Math.round(data.readUInt32BE(end - 4) / 65536);
    if (width > 0 && height > 0) return { width, height };
  }
  return undefined;
}

/** Reads what the mp4 at `file` says about itself; `{}` when it says nothing readable. */
export async function readMp4Info(file: string): Promise<Mp4Info> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= size) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return {};
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (boxSize === 1 && bytesRead >= 16) {
        boxSize = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (boxSize === 0) {
        boxSize = size - offset;
      }
      if (boxSize < headerSize) return {};
      if (type === 'moov') {
        const length = boxSize - headerSize;
        if (length > MOOV_MAX_BYTES) return {};
        const data = Buffer.alloc(length);
        await handle.read(data, 0, length, offset + headerSize);
        const moov: Box = { type, start: 0, length };
        const mvhd = child(data, moov, 'mvhd');
        const duration = mvhd ? durationOf(data, mvhd) : undefined;
        return { ...(duration !== undefined && { duration }), ...sizeOf(data, moov) };
      }
      offset += boxSize;
    }
    return {};
  } finally {
    await handle.close();
  }
}
