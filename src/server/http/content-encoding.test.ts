import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './content-encoding.server';

describe('chooseEncoding', () => {
  it.each([
    // What browsers send.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP, BR', 'br'],
    [' gzip ;q=1 , br ; q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['deflate, identity', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['*;q=0', null],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['gzip;q=abc', 'gzip'],
    ['', null],
    [',,;', null],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('sends nothing compressed when the header is missing', () => {
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
