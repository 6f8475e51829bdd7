/**
 * Proves that the import boundaries in `biome.json` fire (CONVENTIONS "Dependencies point
 * inward"; issue 16 §5): a lint rule that looks right and never fires is worse than none, as
 * the old `../server/*` pattern showed (it matched one path segment only).
 *
 * The test copies the real `biome.json` into a temporary folder, writes small fixture files at
 * the same paths as the real code (`src/domain/x.ts`, `src/rich-content/render/x.tsx`, …), runs
 * Biome's `noRestrictedImports` on them and checks, import by import, which ones are refused.
 * It also writes one escaping import into every folder that exists under `src/` today, so a
 * new, deeper folder that the per-depth patterns of `biome.json` do not cover fails here.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = dirname(new URL(import.meta.url).pathname);
const biome = join(repo, 'node_modules', '.bin', 'biome');

/** One fixture file and the imports it makes: `refused` must fire, `allowed` must not. */
interface Fixture {
  file: string;
  refused: string[];
  allowed: string[];
}

const FIXTURES: Fixture[] = [
  // domain/ imports nothing of ours and no I/O or React.
  {
    file: 'src/domain/fixture.ts',
    refused: [
      '../server/db/schema',
      '../server',
      '../rich-content/model/nodes',
      '../widget/use-blog',
      '../editor/site/home',
      '../load-context',
      '../../locales/en.json',
      'react',
      'react-dom/server',
      'node:fs',
      'drizzle-orm',
      'fastify',
    ],
    allowed: ['./dates', './testing/text-arbitraries', 'zod', 'vitest', 'fast-check'],
  },
  {
    file: 'src/domain/testing/fixture.ts',
    refused: ['../../server/db/schema', '../../rich-content/document', 'react'],
    allowed: ['../dates', './text-arbitraries', 'fast-check'],
  },
  {
    file: 'src/domain/testing/deeper/fixture.ts',
    refused: ['../../../server/db/schema', '../../../widget/use-blog'],
    allowed: ['../../dates', '../text-arbitraries', 'zod'],
  },
  // rich-content/ imports only domain/ (and its own files, and npm packages).
  {
    file: 'src/rich-content/fixture.ts',
    refused: [
      '../server/db/schema',
      '../server/services/posts',
      '../widget/use-blog',
      '../editor/site/home',
      '../dashboard/home',
      '../load-context',
      '../root',
    ],
    allowed: ['../domain/media', './document', './editor/extensions', 'react', '@tiptap/core'],
  },
  {
    file: 'src/rich-content/render/fixture.tsx',
    refused: ['../../server/db/schema', '../../widget/use-blog', '../../editor/site/home'],
    allowed: [
      '../editor/extensions',
      '../../domain/media',
      '../../../locales/rich-content/en.json',
      './types',
    ],
  },
  {
    file: 'src/rich-content/nodes/image/fixture.ts',
    refused: ['../../../server/db/schema', '../../../widget/post-editor/node-views'],
    allowed: ['../../editor/extensions', '../../../domain/media', '../gallery/schema'],
  },
  {
    file: 'src/rich-content/nodes/image/editor/fixture.ts',
    refused: ['../../../../server/db/schema', '../../../../editor/site/home'],
    allowed: ['../../../editor/extensions', '../../../../domain/media', '../schema'],
  },
  {
    file: 'src/rich-content/nodes/image/editor/parts/fixture.ts',
    refused: ['../../../../../server/db/schema'],
    allowed: ['../../../../../domain/media', '../../../../editor/extensions'],
  },
  // A page (widget/, editor/, dashboard/, the app shell) never imports the server.
  {
    file: 'src/widget/post-manage/fixture.tsx',
    refused: [
      '../../server/services/posts',
      '../../server/db/schema',
      '../../server',
      '../../rich-content/highlight.server',
      '../../server/http/security-headers.server',
    ],
    allowed: ['../../domain/permissions', '../components/card-menu', '../../load-context', 'react'],
  },
  {
    file: 'src/widget/routes/fixture.tsx',
    refused: ['../../server/app'],
    allowed: ['../use-blog'],
  },
  {
    file: 'src/widget/fixture.ts',
    refused: ['../server/db/schema'],
    allowed: ['./use-blog'],
  },
  {
    file: 'src/editor/site/fixture.tsx',
    refused: ['../../server/services/posts', '../../entry.server'],
    allowed: ['../../widget/use-blog', '../../rich-content/document'],
  },
  {
    file: 'src/dashboard/posts/fixture.tsx',
    refused: ['../../server/services/posts'],
    allowed: ['../../domain/permissions'],
  },
  { file: 'src/root.tsx', refused: ['./server/app'], allowed: ['./widget/use-blog'] },
  { file: 'src/routes.ts', refused: ['./server/app'], allowed: ['./domain/routes'] },
  // The server never imports a page.
  {
    file: 'src/server/fixture.ts',
    refused: [
      '../widget/routes/post',
      '../widget/use-blog',
      '../editor/site/home',
      '../dashboard/home',
      '../root',
      '../routes',
    ],
    allowed: [
      '../domain/permissions',
      '../rich-content/render/render',
      '../rich-content/editor/extensions',
      '../load-context',
      './http/api-routes',
    ],
  },
  {
    file: 'src/server/http/fixture.ts',
    refused: ['../../widget/routes/post', '../../editor/builder/editor-page'],
    allowed: [
      '../services/posts',
      '../../rich-content/editor/extensions',
      './editor-settings-routes',
    ],
  },
  // A server folder named like a page folder (services/dashboard/) and the domain's rules of the
  // dashboard are not pages: only the top-level dashboard/ is refused.
  {
    file: 'src/server/services/dashboard/fixture.server.ts',
    refused: ['../../../dashboard/routes/posts', '../../../dashboard/dashboard-layout'],
    allowed: ['../../../domain/dashboard', '../../db/schema'],
  },
  {
    file: 'src/server/services/comments/fixture.server.ts',
    refused: ['../../../widget/comments/comments-api', '../../../editor/site/home'],
    allowed: ['../../../domain/comments', '../../db/schema'],
  },
];

/** Which top-level folder a real folder under `src/` belongs to, and what it may not import. */
const FORBIDDEN_FROM: Record<string, string> = {
  domain: 'server/db/schema',
  'rich-content': 'server/db/schema',
  widget: 'server/db/schema',
  editor: 'server/db/schema',
  dashboard: 'server/db/schema',
  server: 'widget/use-blog',
};

/** Every folder under `src/` (relative, `/`-separated), the given one included. */
function foldersUnder(dir: string): string[] {
  const found = [relative(repo, dir).split(sep).join('/')];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...foldersUnder(join(dir, entry.name)));
  }
  return found;
}

/** One fixture per real folder: an import that climbs to `src/` and into a forbidden layer. */
function everyFolderFixtures(): Fixture[] {
  return foldersUnder(join(repo, 'src'))
    .map((folder) => folder.split('/'))
    .filter((parts) => parts.length >= 2 && parts[1]! in FORBIDDEN_FROM)
    .map((parts) => ({
      file: `${parts.join('/')}/every-folder-fixture.ts`,
      refused: [`${'../'.repeat(parts.length - 1)}${FORBIDDEN_FROM[parts[1]!]}`],
      allowed: [],
    }));
}

let workDir = '';
/** Refused imports as `file:line`, from Biome's GitHub reporter. */
let refusedLines = new Set<string>();
const allFixtures = [...FIXTURES, ...everyFolderFixtures()];

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'inkwell-boundaries-'));
  copyFileSync(join(repo, 'biome.json'), join(workDir, 'biome.json'));
  for (const fixture of allFixtures) {
    const path = join(workDir, fixture.file);
    mkdirSync(dirname(path), { recursive: true });
    const lines = [...fixture.refused, ...fixture.allowed].map(
      (specifier, index) => `import * as m${index} from '${specifier}';`,
    );
    writeFileSync(path, `${lines.join('\n')}\n`);
  }
  let output: string;
  try {
    output = execFileSync(
      biome,
      [
        'lint',
        '--vcs-enabled=false',
        '--only=style/noRestrictedImports',
        '--reporter=github',
        '--max-diagnostics=none',
        '.',
      ],
      { cwd: workDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    // Biome exits non-zero when it reports errors, which the refused imports are.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  refusedLines = new Set(
    [
      ...output.matchAll(
        /^::error title=lint\/style\/noRestrictedImports,file=([^,]+),line=(\d+)/gm,
      ),
    ].map((match) => `${relative(workDir, match[1]!).split(sep).join('/')}:${match[2]}`),
  );
}, 60_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('import boundaries in biome.json', () => {
  it.each(FIXTURES)('$file: refuses what crosses a boundary, allows the rest', (fixture) => {
    const refused = [...fixture.refused, ...fixture.allowed].filter((_, index) =>
      refusedLines.has(`${fixture.file}:${index + 1}`),
    );
    expect(refused).toEqual(fixture.refused);
  });

  it('covers every folder under src/ at its depth (a deeper folder needs its own pattern)', () => {
    const fixtures = everyFolderFixtures();
    const escaped = fixtures
      .filter((fixture) => !refusedLines.has(`${fixture.file}:1`))
      .map((fixture) => `${fixture.file}: ${fixture.refused[0]}`);
    expect(fixtures.length).toBeGreaterThan(20);
    expect(escaped).toEqual([]);
  });
});
