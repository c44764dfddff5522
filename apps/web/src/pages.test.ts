import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_PAGE, PAGES } from '@rome/contract';
import { describe, expect, it } from 'vitest';
import { PAGE_LOADERS } from './pages';

describe('the page modules of the page table', () => {
  it('has one loader per module of the table, and no other', () => {
    const table = new Set([...PAGES.map((p) => p.module), NOT_FOUND_PAGE.module]);
    expect(Object.keys(PAGE_LOADERS).sort()).toEqual([...table].sort());
  });

  it('each loader imports the file its id names, and the file is there', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'pages.ts'), 'utf8');
    const entries = [...source.matchAll(/'([^']+)': \(\) => import\('\.\/([^']+)'\)/g)];
    expect(entries.map((m) => m[1]).sort()).toEqual(Object.keys(PAGE_LOADERS).sort());
    for (const [, id, file] of entries) {
      expect(file, id).toBe(id);
      expect(existsSync(path.join(import.meta.dirname, `${id}.tsx`)), id).toBe(true);
    }
  });
});
