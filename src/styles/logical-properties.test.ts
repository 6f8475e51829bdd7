import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findPhysicalSides, physicalHint } from './logical-properties';

describe('physicalHint', () => {
  it.each([
    ['margin-left', '4px', 'margin-inline-start'],
    ['padding-right', '4px', 'padding-inline-end'],
    ['scroll-margin-left', '4px', 'scroll-margin-inline-start'],
    ['border-left', '1px solid', 'border-inline-start'],
    ['border-right-color', 'red', 'border-inline-end-color'],
    ['border-top-left-radius', '4px', 'border-start-start-radius'],
    ['border-bottom-right-radius', '4px', 'border-end-end-radius'],
    ['left', '0', 'inset-inline-start'],
    ['right', '0', 'inset-inline-end'],
    ['text-align', 'left', 'text-align: start'],
    ['text-align', 'right', 'text-align: end'],
    ['float', 'right', 'float: inline-end'],
    ['clear', 'left', 'clear: inline-start'],
  ])('%s: %s → %s', (property, value, hint) => {
    expect(physicalHint(property, value)).toBe(hint);
  });

  it.each([
    ['margin', '1px 2px 3px 4px'],
    ['padding', '0 8px 0 10px'],
    ['inset', '0 auto 0 0'],
    ['border-width', '0 1px 0 0'],
    ['border-radius', '8px 0 0 8px'],
    ['border-radius', '4px 0'],
    ['transform', 'translateX(4px)'],
    ['transform', 'translate(-50%, -50%)'],
    ['translate', '4px 0'],
  ])('finds a side in %s: %s', (property, value) => {
    expect(physicalHint(property, value)).not.toBeNull();
  });

  it.each([
    ['margin', '0 auto'],
    ['margin', '1px 2px 3px'],
    ['padding', '1px 2px 3px 2px'],
    ['border-radius', '0 0 14px 14px'],
    ['border-radius', '50%'],
    ['text-align', 'center'],
    ['text-align', 'start'],
    ['clear', 'both'],
    ['float', 'inline-start'],
    ['top', '0'],
    ['transform', 'translateY(-2px)'],
    ['transform', 'translate(0, -50%)'],
    ['margin-inline-start', '4px'],
  ])('finds nothing in %s: %s', (property, value) => {
    expect(physicalHint(property, value)).toBeNull();
  });
});

describe('findPhysicalSides', () => {
  it('names the file, the line and the property', () => {
    const css = '.a {\n  color: red;\n  margin-left: 4px;\n}\n';
    expect(findPhysicalSides(css, 'a.css')).toEqual([
      {
        file: 'a.css',
        line: 3,
        property: 'margin-left',
        value: '4px',
        hint: 'margin-inline-start',
      },
    ]);
  });

  it('allows a declaration marked physical with a reason, on its line or the line before', () => {
    const css = [
      '.a {',
      '  transform: translateX(-50%); /* physical: centres on left: 50%, same in both directions */',
      '  /* physical: a progress bar fills from the left in every language */',
      '  left: 0;',
      '}',
    ].join('\n');
    expect(findPhysicalSides(css, 'a.css')).toEqual([]);
  });

  it('refuses a marker without a reason', () => {
    const css = '.a {\n  left: 0; /* physical: */\n}\n';
    const [found] = findPhysicalSides(css, 'a.css');
    expect(found?.hint).toMatch(/needs a reason/);
  });

  it('does not let a marker at the end of one declaration speak for the next line', () => {
    const css = '.a {\n  top: 0; /* physical: reason */\n  left: 0;\n}\n';
    expect(findPhysicalSides(css, 'a.css')).toHaveLength(1);
  });
});

describe('our stylesheets', () => {
  const files = execFileSync('git', ['ls-files', '*.css'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('use logical properties, not left and right (issue 22, decision 060)', () => {
    const found = files.flatMap((file) => findPhysicalSides(readFileSync(file, 'utf8'), file));
    const report = found.map(
      ({ file, line, property, value, hint }) => `${file}:${line} ${property}: ${value} → ${hint}`,
    );
    expect(report).toEqual([]);
  });
});
