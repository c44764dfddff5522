#!/usr/bin/env node
/**
 * `npm run audit:prod` (also run by .ci/run): `npm audit --omit=dev`, failing on a high or critical
 * finding in what production installs. Where the registry does not offer the audit endpoint (this
 * workplace's registry answers 405), that is said plainly and the step is skipped, not passed off as
 * a clean audit; any other failure of npm audit fails the step.
 */
import { spawnSync } from 'node:child_process';

const r = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(r.stdout);
} catch {
  console.error(`npm audit gave no report (exit ${r.status}):\n${r.stderr}`);
  process.exit(1);
}
if (report.statusCode || report.error || report.message) {
  const why = report.message ?? report.error?.summary ?? `status ${report.statusCode}`;
  if (
    report.statusCode === 405 ||
    report.statusCode === 404 ||
    /ENOTFOUND|ECONNREFUSED|EAI_AGAIN/.test(why)
  ) {
    console.warn(`npm audit: SKIPPED, the registry's audit endpoint is not available here (${why}).`);
    process.exit(0);
  }
  console.error(`npm audit failed: ${why}`);
  process.exit(1);
}
const v = report.metadata?.vulnerabilities ?? {};
console.log(
  `npm audit --omit=dev: ${['critical', 'high', 'moderate', 'low', 'info'].map((k) => `${v[k] ?? 0} ${k}`).join(', ')}`,
);
if ((v.critical ?? 0) + (v.high ?? 0) > 0) {
  for (const [name, adv] of Object.entries(report.vulnerabilities ?? {}))
    if (adv.severity === 'high' || adv.severity === 'critical') console.error(`- ${name}: ${adv.severity}`);
  process.exit(1);
}
