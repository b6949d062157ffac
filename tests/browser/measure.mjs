// Measures pages for docs/performance.md: for each page, the median over RUNS (3) fresh tabs
// of the time from the start of navigation until the page is interactive (its script has
// built the header, table and sections: html[data-ready]), the browser's memory then (the
// proportional set size of all of Chromium's processes, less that of a blank tab), and then
// the times to open the first (hottest) method, its first pair, and to "Expand all", each until
// the next frame is drawn.
//   node tests/browser/measure.mjs PAGE.html...
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import { launch, openPage } from './browser.mjs';

const RUNS = Number(process.env.RUNS || 3);

// Proportional set size (MB) of process `pid` and its descendants.
function pssMB(pid) {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=']).toString().trim().split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number));
  const children = new Map();
  for (const [p, parent] of table) {
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(p);
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      const rollup = fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      total += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)[1]);
    } catch { /* gone */ }
    for (const c of children.get(p) || []) stack.push(c);
  }
  return total / 1024;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const file of process.argv.slice(2)) {
  const ready = [];
  const memory = [];
  // Memory is taken once the page is ready, before anything is opened.
  const opens = [];
  for (let run = 0; run < RUNS; run++) {
    const browser = await launch();
    try {
      const blank = await browser.newPage();
      await blank.goto('about:blank');
      const base = pssMB(browser.process().pid);
      const { page, problems } = await openPage(browser, file, { timeout: 600000 });
      ready.push(Number(await page.evaluate(() => document.documentElement.getAttribute('data-ready'))));
      memory.push(pssMB(browser.process().pid) - base);
      opens.push(await page.evaluate(async () => {
        // The first method and its first pair (a method with big trees builds each pair's
        // when it is opened), then everything "Expand all" builds; until the next frame.
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const timed = async (action) => {
          const start = performance.now();
          action();
          await frame();
          return Math.round(performance.now() - start);
        };
        const header = document.querySelector('section.method > header');
        if (!header) return { method_ms: 0, pair_ms: 0, expand_all_ms: 0, nodes: 0 };
        const method_ms = await timed(() => header.click());
        const pair = header.parentNode.querySelector('.item h3');
        const pair_ms = pair && pair.parentNode.querySelector('.trees').hidden ? await timed(() => pair.click()) : 0;
        const pair_nodes = header.parentNode.querySelector('.item')?.querySelectorAll('[data-op]').length ?? 0;
        const expand_all_ms = await timed(() => document.getElementById('expand-all').click());
        return { method_ms, pair_ms, pair_nodes, expand_all_ms, nodes: document.querySelectorAll('[data-op]').length,
                 notice: document.querySelector('.notice').textContent };
      }));
      if (problems.length) console.error(problems.join('\n'));
    } finally {
      await browser.close();
    }
  }
  const size = fs.statSync(file).size / (1 << 20);
  console.log(JSON.stringify({ page: file, MiB: Number(size.toFixed(1)), ready_ms: median(ready),
                               ready_all: ready, browser_MB: Math.round(median(memory)),
                               open: opens[Math.floor(opens.length / 2)] }));
}
