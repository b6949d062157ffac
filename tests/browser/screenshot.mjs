// Takes docs/html-report.png: the page of jit-vs-jit on fixtures/ in the test suite's browser,
// its first method opened and the reasons of one call site shown.
//   node tests/browser/screenshot.mjs build/profdiff docs/html-report.png
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch, openPage } from './browser.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = path.resolve(HERE, '..', '..');
const [profdiff = path.join(SOURCE, 'build', 'profdiff'), out = path.join(SOURCE, 'docs', 'html-report.png')] =
    process.argv.slice(2);

const J = 'fixtures/jit-example';
const run = spawnSync(path.resolve(profdiff),
  ['jit-vs-jit', `${J}/exp1/log`, `${J}/exp1/prof.json`, `${J}/exp2/log`, `${J}/exp2/prof.json`, '--format=html'],
  { cwd: SOURCE });
if (run.status !== 0) throw new Error(`profdiff failed: ${run.stderr}`);
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'profdiff-shot-')), 'jit-vs-jit.html');
fs.writeFileSync(file, run.stdout);

const browser = await launch();
try {
  const { page, problems } = await openPage(browser, file, { viewport: { width: 1200, height: 900 } });
  await page.evaluate(() => {
    document.querySelector('section.method > header').click();
    document.querySelector('button.more').click();
  });
  await page.screenshot({ path: out, fullPage: true });
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
