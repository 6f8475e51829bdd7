import { describe, expect, it } from 'vitest';
import { mediaFileUrl, mediaUrl } from './media';
import {
  acceptAttribute,
  audioDataOf,
  extensionFor,
  fileDataOf,
  gifDataOf,
  imageDataOf,
  isAcceptedMimeType,
  UPLOAD_KINDS,
  UPLOAD_SIZE_LIMITS,
  UPLOAD_SIZE_MAX,
  type UploadedMedia,
  UploadedMediaSchema,
  uploadProblem,
  videoDataOf,
} from './media-upload';

const ID = '0b7c9a52-6a0e-4c7e-9d4f-1a2b3c4d5e6f';

function uploaded(overrides: Partial<UploadedMedia> = {}): UploadedMedia {
  return UploadedMediaSchema.parse({
    kind: 'file',
    id: ID,
    url: mediaFileUrl(ID, 'pdf'),
    mimeType: 'application/pdf',
    size: 2048,
    fileName: 'Annual report.pdf',
    ...overrides,
  });
}

describe('limits', () => {
  it('has a positive limit for every kind, and the maximum is the largest', () => {
    for (const kind of UPLOAD_KINDS) expect(UPLOAD_SIZE_LIMITS[kind]).toBeGreaterThan(0);
    expect(UPLOAD_SIZE_MAX).toBe(UPLOAD_SIZE_LIMITS.video);
    expect(UPLOAD_SIZE_LIMITS.gif).toBeLessThan(UPLOAD_SIZE_LIMITS.image);
  });

  it('says file-too-big only past the limit of the kind', () => {
    expect(uploadProblem('gif', { size: UPLOAD_SIZE_LIMITS.gif })).toBeNull();
    expect(uploadProblem('gif', { size: UPLOAD_SIZE_LIMITS.gif + 1 })).toBe('file-too-big');
    expect(uploadProblem('video', { size: UPLOAD_SIZE_LIMITS.gif + 1 })).toBeNull();
    expect(uploadProblem('file', { size: 0 })).toBe('file-upload-failure');
  });
});

describe('accepted types', () => {
  it('takes each type only for its kind, whatever its case', () => {
    expect(isAcceptedMimeType('image', 'IMAGE/PNG')).toBe(true);
    expect(isAcceptedMimeType('image', 'image/gif')).toBe(false);
    expect(isAcceptedMimeType('gif', 'image/gif')).toBe(true);
    expect(isAcceptedMimeType('video', 'video/quicktime')).toBe(false);
    expect(isAcceptedMimeType('file', 'text/html')).toBe(false);
    // Inherited object keys are not types.
    expect(isAcceptedMimeType('file', 'constructor')).toBe(false);
  });

  it('names the stored extension of a type', () => {
    expect(extensionFor('video', 'video/mp4')).toBe('mp4');
    expect(extensionFor('audio', 'audio/mp4')).toBe('m4a');
    expect(extensionFor('audio', 'video/mp4')).toBeNull();
  });

  it('builds the accept attribute from types and extensions', () => {
    expect(acceptAttribute('gif')).toBe('image/gif,.gif');
  });
});

describe('mediaFileUrl', () => {
  it('ends in the extension the video player recognises', () => {
    expect(mediaFileUrl(ID, 'mp4')).toBe(`/media/${ID}/original.mp4`);
  });

  it('refuses an extension that could change the path', () => {
    expect(() => mediaFileUrl(ID, '../x')).toThrow();
    expect(() => mediaFileUrl(ID, 'MP4')).toThrow();
  });
});

describe('node data of an upload', () => {
  it('gives an image its id (for the srcset), URL and size', () => {
    const image = uploaded({
      kind: 'image',
      url: mediaFileUrl(ID, 'webp'),
      width: 800,
      height: 600,
    });
    expect(imageDataOf(image, 'Harbour at dusk')).toEqual({
      image: { src: { id: ID, url: mediaFileUrl(ID, 'webp') }, width: 800, height: 600 },
      altText: 'Harbour at dusk',
    });
  });

  it('gives a GIF its animated original and its first frame as the still', () => {
    const gif = uploaded({
      kind: 'gif',
      url: mediaFileUrl(ID, 'gif'),
      width: 8,
      height: 6,
      thumbnail: { id: ID, url: mediaFileUrl(ID, 'webp'), width: 8, height: 6 },
    });
    expect(gifDataOf(gif)).toEqual({
      original: { gif: mediaFileUrl(ID, 'gif'), still: mediaUrl(ID, 640) },
      width: 8,
      height: 6,
      gifType: 'NORMAL',
    });
    expect(gifDataOf(uploaded({ kind: 'gif', url: mediaFileUrl(ID, 'gif') })).original).toEqual({
      gif: mediaFileUrl(ID, 'gif'),
    });
  });

  it('gives a video and audio their duration, and audio the file name without extension', () => {
    const video = uploaded({ kind: 'video', url: mediaFileUrl(ID, 'mp4'), duration: 12.5 });
    expect(videoDataOf(video, 'Ferry')).toEqual({
      video: { src: { id: ID, url: mediaFileUrl(ID, 'mp4') }, duration: 12.5 },
      title: 'Ferry',
    });
    const audio = uploaded({
      kind: 'audio',
      url: mediaFileUrl(ID, 'mp3'),
      fileName: 'Ep. 4.final.mp3',
    });
    expect(audioDataOf(audio).name).toBe('Ep. 4.final');
  });

  it('gives a file its name, extension, type and size', () => {
    expect(fileDataOf(uploaded())).toEqual({
      src: { id: ID, url: mediaFileUrl(ID, 'pdf') },
      name: 'Annual report.pdf',
      type: 'pdf',
      mimeType: 'application/pdf',
      size: 2048,
    });
  });
});
