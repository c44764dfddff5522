#!/usr/bin/env node
// Runs the browser suite in Debian's Chromium. Installs it with apt when missing and running as root;
// otherwise stops with a message saying exactly what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing it with apt-get install -y chromium ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (r.status !== 0 || !existsSync(chromium)) {
      console.error('Could not install Chromium. Run: apt-get install -y chromium');
      process.exit(1);
    }
  } else {
    console.error(
      `Chromium is not installed at ${chromium}. Install it with: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
}

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;
// The browser tests run against the built app, so build what is being tested.
if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
