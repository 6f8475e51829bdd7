import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classesOfSelector,
  criticalStylesheetOf,
  criticalStylesheetsIn,
} from './critical-css.server';

const STYLESHEET = [
  '@font-face{font-family:Inter;src:url(/assets/inter.woff2)format("woff2")}',
  ':root{--ink:#111}',
  'body{margin:0}',
  '.post-card{display:grid}',
  '.post-card__media img{width:100%}',
  '.post-card--featured{border:1px solid}',
  '.comment-box{padding:1rem}',
  '.gallery,.post-card__title{font-weight:700}',
  '.menu:not(.menu--open){display:none}',
  'a[href$=".pdf"]{color:red}',
  '.header-profile__name{font-size:1rem}',
  '@media (max-width:660px){.post-card{display:block}.comment-box{padding:0}}',
  '@media (max-width:400px){.comment-box{margin:0}}',
  '@media print{.post-card{display:none}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('');

const critical = (classes: string[]) => criticalStylesheetOf(STYLESHEET).cssFor(new Set(classes));

describe('classesOfSelector', () => {
  it('names the classes a selector needs, outside pseudo-class arguments and attributes', () => {
    expect(classesOfSelector('.a .b > .c__d:hover')).toEqual(['a', 'b', 'c__d']);
    expect(classesOfSelector('.a:not(.b):is(.c, .d)')).toEqual(['a']);
    expect(classesOfSelector(':root:has(.post) .x')).toEqual(['x']);
    expect(classesOfSelector('a[href$=".pdf"]')).toEqual([]);
    expect(classesOfSelector('.a\\:b')).toBeNull();
  });
});

describe('criticalStylesheetOf', () => {
  it('keeps the rules of the blocks the page has, in order, and what names no class', () => {
    const css = critical(['post-card', 'post-card__media']);
    expect(css).toContain('@font-face{font-family:Inter');
    expect(css).toContain(':root{--ink:#111}');
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('a[href$=".pdf"]{color:red}');
    expect(css).toContain('@keyframes spin');
    // The block's parts and states, though this page has none of them yet.
    expect(css).toContain('.post-card--featured{border:1px solid}');
    expect(css.indexOf('.post-card{display:grid}')).toBeLessThan(
      css.indexOf('.post-card__media img{width:100%}'),
    );
    // A selector list stays whole when one of its selectors applies.
    expect(css).toContain('.gallery,.post-card__title{font-weight:700}');
    // The header's controls, which a member's own page may show (decision 050).
    expect(css).toContain('.header-profile__name{font-size:1rem}');
    expect(css).not.toContain('.comment-box');
    expect(css).not.toContain('.menu');
  });

  it('keeps an at-rule block with only its applying rules, and drops it when none apply', () => {
    const css = critical(['post-card']);
    expect(css).toContain('@media (max-width:660px){.post-card{display:block}}');
    expect(css).not.toContain('max-width:400px');
  });

  it('leaves print rules to the full stylesheet', () => {
    expect(critical(['post-card'])).not.toContain('print');
  });

  it('gives every rule of the blocks the page has, nothing for the ones it has not', () => {
    const css = critical(['comment-box', 'menu']);
    expect(css).toContain('.comment-box{padding:1rem}');
    expect(css).toContain('@media (max-width:660px){.comment-box{padding:0}}');
    expect(css).toContain('.menu:not(.menu--open){display:none}');
    expect(css).not.toContain('.post-card');
  });
});

describe('criticalStylesheetsIn', () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'critical-css-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets/site-x.css'), '.a{color:red}.b{color:blue}');
  const stylesheetOf = criticalStylesheetsIn(clientDir);

  it('reads a built stylesheet once', () => {
    const first = stylesheetOf('/assets/site-x.css');
    expect(first?.cssFor(new Set(['a']))).toBe('.a{color:red}');
    expect(stylesheetOf('/assets/site-x.css')).toBe(first);
    // As React Router's manifest names it.
    expect(stylesheetOf('/assets/site-x.css#')?.cssFor(new Set(['b']))).toBe('.b{color:blue}');
  });

  it('gives null for a stylesheet the build does not have, or outside its assets', () => {
    expect(stylesheetOf('/assets/missing.css')).toBeNull();
    expect(stylesheetOf('/assets/../../etc/passwd.css')).toBeNull();
    expect(stylesheetOf('https://cdn.example/site.css')).toBeNull();
  });
});
