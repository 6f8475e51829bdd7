import { describe, expect, it } from 'vitest';
import {
  ClientErrorBatchSchema,
  fingerprintText,
  normaliseMessage,
  parseStack,
  stableFileOf,
} from './health';

const V8_STACK = `TypeError: Cannot read properties of undefined (reading 'slug')
    at PostCard (https://blog.example.com/assets/post-card-B1x9_aZq.js:1:2345)
    at renderWithHooks (https://blog.example.com/assets/blog-shared-Xy12AbCd.js:3:999)
    at https://blog.example.com/assets/root-AbCdEf12.js:1:50`;

const FIREFOX_STACK = `PostCard@https://blog.example.com/assets/post-card-B1x9_aZq.js:1:2345
@https://blog.example.com/assets/root-AbCdEf12.js:1:50`;

describe('parseStack', () => {
  it('reads V8 frames, with and without a function name', () => {
    expect(parseStack(V8_STACK)).toEqual([
      {
        functionName: 'PostCard',
        file: 'https://blog.example.com/assets/post-card-B1x9_aZq.js',
        line: 1,
        column: 2345,
        isMapped: false,
      },
      expect.objectContaining({ functionName: 'renderWithHooks', line: 3, column: 999 }),
      expect.objectContaining({ functionName: null, column: 50 }),
    ]);
  });

  it('reads Firefox and Safari frames', () => {
    const frames = parseStack(FIREFOX_STACK);
    expect(frames.map((f) => [f.functionName, f.column])).toEqual([
      ['PostCard', 2345],
      [null, 50],
    ]);
  });

  it('stops at the limit and skips lines that are not frames', () => {
    expect(parseStack('Error: x\nnot a frame', 5)).toEqual([]);
    expect(parseStack(V8_STACK, 1)).toHaveLength(1);
  });
});

describe('normaliseMessage', () => {
  it('takes out numbers, ids, quoted values and addresses', () => {
    expect(normaliseMessage("Post 123 not found at https://x.test/a?b=1 for 'anna'")).toBe(
      'Post <n> not found at <url> for <str>',
    );
    expect(normaliseMessage('member 0b7a3c9e-1d2f-4a5b-8c6d-7e8f9a0b1c2d left')).toBe(
      'member <id> left',
    );
  });
});

describe('stableFileOf', () => {
  it('drops the origin, the query and a bundle hash', () => {
    expect(stableFileOf('https://a.test/assets/post-card-B1x9_aZq.js?v=1')).toBe(
      '/assets/post-card.js',
    );
    expect(stableFileOf('src/root.tsx')).toBe('src/root.tsx');
  });
});

describe('fingerprintText', () => {
  const frames = parseStack(V8_STACK);

  it('groups the same error from two hosts, builds and values together', () => {
    const other = parseStack(
      V8_STACK.replaceAll('blog.example.com', 'alias.test').replaceAll('B1x9_aZq', 'Zz99_yyY'),
    );
    expect(fingerprintText('client', "Cannot read 'slug' of post 1", frames)).toBe(
      fingerprintText('client', "Cannot read 'id' of post 2", other),
    );
  });

  it('tells kinds, messages and places apart', () => {
    const base = fingerprintText('client', 'Boom', frames);
    expect(fingerprintText('server', 'Boom', frames)).not.toBe(base);
    expect(fingerprintText('client', 'Bang', frames)).not.toBe(base);
    expect(fingerprintText('client', 'Boom', frames.slice(1))).not.toBe(base);
  });

  it('keys mapped frames by their source line', () => {
    const mapped = [{ functionName: 'f', file: 'src/a.ts', line: 3, column: 1, isMapped: true }];
    const moved = [{ ...mapped[0]!, line: 9 }];
    expect(fingerprintText('client', 'x', mapped)).not.toBe(fingerprintText('client', 'x', moved));
  });
});

describe('ClientErrorBatchSchema', () => {
  const report = { source: 'error', message: 'x', url: 'https://a.test/' };

  it('accepts a batch and counts once by default', () => {
    expect(ClientErrorBatchSchema.parse({ reports: [report] }).reports[0]?.count).toBe(1);
  });

  it('refuses unknown sources, long messages, empty and oversized batches', () => {
    expect(
      ClientErrorBatchSchema.safeParse({ reports: [{ ...report, source: 'x' }] }).success,
    ).toBe(false);
    expect(
      ClientErrorBatchSchema.safeParse({ reports: [{ ...report, message: 'x'.repeat(1001) }] })
        .success,
    ).toBe(false);
    expect(ClientErrorBatchSchema.safeParse({ reports: [] }).success).toBe(false);
    expect(ClientErrorBatchSchema.safeParse({ reports: Array(11).fill(report) }).success).toBe(
      false,
    );
    expect(ClientErrorBatchSchema.safeParse({ reports: [{ ...report, extra: 1 }] }).success).toBe(
      false,
    );
  });
});
