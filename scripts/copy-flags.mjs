/**
 * Ships the country flags of the analytics dashboard with the app (no external image service):
 * copies the 4:3 SVGs of `flag-icons` (MIT) for every two-letter country code into
 * apps/web/public/flags/{cc}.svg, which Vite copies into the build. Runs before `vite build`.
 * The copies are build output (git-ignored); the licence travels with them.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'apps/web/package.json'));
const pkgDir = path.dirname(require.resolve('flag-icons/package.json'));
const source = path.join(pkgDir, 'flags', '4x3');
const target = path.join(root, 'apps/web/public/flags');

if (!existsSync(source)) {
  console.error(`copy-flags: ${source} not found; run npm install`);
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
let copied = 0;
for (const file of readdirSync(source)) {
  // ISO 3166-1 alpha-2 only (the server's countryCode); regional flags such as gb-sct are left out.
  if (!/^[a-z]{2}\.svg$/.test(file)) continue;
  copyFileSync(path.join(source, file), path.join(target, file));
  copied++;
}
copyFileSync(path.join(pkgDir, 'LICENSE'), path.join(target, 'LICENSE.txt'));
console.log(`copy-flags: ${copied} flags copied to apps/web/public/flags`);
