/**
 * `npm run audit:prod`: `npm audit --omit=dev`, with a clear answer when the registry cannot
 * audit (docs/decisions/116-dependency-audit.md). Exit codes: 0 no known vulnerability in the
 * production dependencies, 1 findings (npm's report is printed), 2 no audit was possible (the
 * registry refused the audit endpoint or could not be reached); then the production
 * dependencies must be checked by hand, as the decision record describes.
 */
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let answer;
try {
  answer = JSON.parse(run.stdout || '{}');
} catch {
  answer = {};
}

if (typeof answer.statusCode === 'number' || answer.error || (run.status !== 0 && !answer.metadata)) {
  const detail = answer.message ?? (run.stderr.trim() || `npm audit exited with ${run.status}`);
  console.error(
    [
      'No audit was possible: the registry did not answer the audit endpoint.',
      `  ${detail}`,
      '  (The registry reached here answers 405 Method Not Allowed to the bulk advisory endpoint.)',
      'Check the production dependencies by hand: `npm ls --omit=dev --all` lists them with versions;',
      'docs/decisions/116-dependency-audit.md says how, and records the last result.',
    ].join('\n'),
  );
  process.exit(2);
}

const counts = answer.metadata?.vulnerabilities ?? {};
const total = Object.values(counts).reduce((sum, count) => sum + Number(count), 0);
if (total === 0) {
  console.log(
    `npm audit --omit=dev: no known vulnerability in ${answer.metadata?.dependencies?.prod ?? 'the'} production dependencies.`,
  );
  process.exit(0);
}
// Findings: print npm's own readable report.
spawnSync('npm', ['audit', '--omit=dev'], { stdio: 'inherit' });
console.error(
  `npm audit --omit=dev: ${total} finding(s); fix each or explain it in docs/decisions/116-dependency-audit.md.`,
);
process.exit(1);
