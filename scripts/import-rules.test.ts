import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { checkImportBoundaries } from './import-rules.mjs';

const dirs: string[] = [];
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'quire-imports-'));
  dirs.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('import boundaries', () => {
  it('accepts core importing core and app importing core', () => {
    const root = project({
      'src/core/a.ts': "import { b } from './b';\nexport const a = b;",
      'src/core/b.ts': 'export const b = 1;',
      'src/app/x.tsx': "import { a } from '../core/a';\nexport const x = a;",
    });
    expect(checkImportBoundaries(root)).toEqual([]);
  });

  it('rejects React, Dexie, comlink and Node I/O inside src/core', () => {
    const root = project({
      'src/core/bad.ts':
        "import { useState } from 'react';\nimport Dexie from 'dexie';\nimport * as Comlink from 'comlink';\nimport { readFileSync } from 'node:fs';\n",
    });
    const violations = checkImportBoundaries(root);
    expect(violations).toHaveLength(4);
    expect(violations[0]).toContain("may not import 'react'");
  });

  it('rejects src/core reaching into other areas and anyone importing src/app', () => {
    const root = project({
      'src/core/bad.ts': "import { db } from '../storage/db';\n",
      'src/storage/db.ts': "import { Screen } from '../app/screen';\nexport const db = Screen;",
      'src/app/screen.tsx': 'export const Screen = 1;',
      'src/render/r.ts': "const m = await import('../app/screen');\n",
    });
    const violations = checkImportBoundaries(root);
    expect(violations.some((v: string) => v.startsWith('src/core/bad.ts'))).toBe(true);
    expect(violations.some((v: string) => v.startsWith('src/storage/db.ts') && v.includes('src/app'))).toBe(true);
    expect(violations.some((v: string) => v.startsWith('src/render/r.ts'))).toBe(true);
  });

  it('holds every area to its allowed imports, with type-only imports where the rules allow them', () => {
    const root = project({
      'src/core/x.ts': 'export type X = 1;',
      'src/render/r.ts': 'export const r = 1;',
      'src/storage/s.ts': "import { r } from '../render/r';\nexport const s = r;",
      'src/api/a.ts': "import { s } from '../storage/s';\nexport const a = s;",
      'src/app/services/p.ts': "import type { r } from '../../render/r';\nexport type P = typeof r;",
      'src/app/preview/q.ts': "import { r } from '../../render/r';\nexport const q = r;",
    });
    const violations = checkImportBoundaries(root);
    expect(violations.some((v: string) => v.startsWith('src/storage/s.ts'))).toBe(true);
    expect(violations.some((v: string) => v.startsWith('src/api/a.ts'))).toBe(true);
    expect(violations.some((v: string) => v.startsWith('src/app/preview/q.ts'))).toBe(true);
    expect(violations.some((v: string) => v.startsWith('src/app/services/p.ts'))).toBe(false);
  });

  it('keeps app features apart: they share code through src/app/services and the shell; routes compose them', () => {
    const root = project({
      'src/app/editor/data.ts': 'export const d = 1;',
      'src/app/preview/screen.ts': "import { d } from '../editor/data';\nexport const s = d;",
      'src/app/services/storage.ts': 'export const st = 1;',
      'src/app/shell/Select.tsx': "import { st } from '../services/storage';\nexport const Select = st;",
      'src/app/workspace/w.ts':
        "import { st } from '../services/storage';\nimport { Select } from '../shell/Select';\nexport const w = st + Select;",
      'src/app/routes/r.ts': "import { s } from '../preview/screen';\nexport const r = s;",
      'src/app/router.tsx':
        "import { r } from './routes/r';\nimport { w } from './workspace/w';\nexport const x = r + w;",
    });
    const violations = checkImportBoundaries(root);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain('src/app/preview/screen.ts: preview is a feature of src/app');
  });

  it('fails an import between any two feature folders, a new folder included, and in tests too', () => {
    // Every folder of the real src/app that is not routes, services, shell or styles is a feature.
    const appDir = join(process.cwd(), 'src/app');
    const layers = new Set(['routes', 'services', 'shell', 'styles']);
    const features = readdirSync(appDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !layers.has(entry.name))
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThanOrEqual(10);
    features.push('brandnew');
    const files: Record<string, string> = {};
    for (const feature of features) files[`src/app/${feature}/own.ts`] = 'export const own = 1;';
    // Each feature imports the next one round the list: one static, one dynamic, one type-only, one style sheet.
    const forms = [
      (to: string) => `import { own } from '../${to}/own';\nexport const x = own;`,
      (to: string) => `export const x = () => import('../${to}/own');`,
      (to: string) => `import type { own } from '../${to}/own';\nexport type X = typeof own;`,
      (to: string) => `import '../${to}/own.css';`,
    ];
    features.forEach((feature, index) => {
      const next = features[(index + 1) % features.length] as string;
      const form = forms[index % forms.length] as (to: string) => string;
      files[`src/app/${feature}/uses${index % 2 ? '.test' : ''}.ts`] = form(next);
    });
    const violations: string[] = checkImportBoundaries(project(files));
    expect(violations).toHaveLength(features.length);
    features.forEach((feature, index) => {
      expect(
        violations.some((v) =>
          v.startsWith(`src/app/${feature}/uses${index % 2 ? '.test' : ''}.ts: ${feature} is a feature`),
        ),
      ).toBe(true);
    });
  });

  it('holds services and the shell below the features: services import only services, the shell only services', () => {
    const root = project({
      'src/app/workspace/state.ts': 'export const state = 1;',
      'src/app/shell/Header.tsx': 'export const Header = 1;',
      'src/app/services/storage.ts': "import { state } from '../workspace/state';\nexport const st = state;",
      'src/app/services/notices.tsx': "import { Header } from '../shell/Header';\nexport const n = Header;",
      'src/app/shell/Menu.tsx': "import { state } from '../workspace/state';\nexport const m = state;",
      'src/app/workspace/app.ts': "import { x } from '../router';\nexport const a = x;",
      'src/app/router.tsx': 'export const x = 1;',
    });
    const violations: string[] = checkImportBoundaries(root);
    expect(violations).toHaveLength(4);
    expect(violations.filter((v) => v.includes('src/app/services may only import services of src/app'))).toHaveLength(
      2,
    );
    expect(
      violations.some((v) => v.startsWith('src/app/shell/Menu.tsx: src/app/shell may only import shell, services')),
    ).toBe(true);
    expect(violations.some((v) => v.startsWith('src/app/workspace/app.ts: workspace is a feature'))).toBe(true);
  });

  it('npm run lint fails on one feature importing another in the real source tree', () => {
    // The app as it is (which `npm run lint` checks as it is) plus one import from the preview into the editor.
    const root = project({});
    cpSync(join(process.cwd(), 'src/app'), join(root, 'src/app'), { recursive: true });
    expect(checkImportBoundaries(root)).toEqual([]);
    writeFileSync(
      join(root, 'src/app/preview/crossing.ts'),
      "export { EditorScreen } from '../editor/EditorScreen';\n",
    );
    const lint = spawnSync(process.execPath, [join(process.cwd(), 'scripts/check-imports.mjs')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(lint.status).toBe(1);
    expect(lint.stderr).toContain('src/app/preview/crossing.ts: preview is a feature of src/app');
  });

  it('Biome fails on a forbidden package import into src/core', () => {
    // A scratch project carrying the real biome.json, so the rule is tested as configured.
    const config = JSON.parse(readFileSync(join(process.cwd(), 'biome.json'), 'utf8'));
    delete config.$schema;
    const source = "import { useState } from 'react';\nexport const s = useState;\n";
    const root = project({
      'biome.json': JSON.stringify(config),
      'src/core/forbidden.ts': source,
      'src/app/allowed.ts': source,
    });
    const biome = join(process.cwd(), 'node_modules/.bin/biome');
    const lint = (path: string) => spawnSync(biome, ['lint', path], { cwd: root, encoding: 'utf8' });
    const inCore = lint('src/core/forbidden.ts');
    expect(inCore.status).not.toBe(0);
    expect(inCore.stdout + inCore.stderr).toContain('src/core is pure: no React.');
    expect(lint('src/app/allowed.ts').status).toBe(0);
  });
});
