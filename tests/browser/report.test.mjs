// Browser tests of --format=html (tests/browser/README.md, docs/html-report.md). Usage:
//   node report.test.mjs PROFDIFF
// Makes pages from fixtures/ and the conformance corpus (../shared/conformance, or
// PROFDIFF_CONFORMANCE_DIR), opens them in headless Chromium and checks them against the text
// output of the same command. Prints one line per test and "N passed, N failed"; exits 0 only
// when nothing failed.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch, openPage } from './browser.mjs';
import { parseTextOutput } from './text_output.mjs';
import { parseRunsTextOutput } from './runs_output.mjs';
import { makeHostileExperiments, HOSTILE_METHOD, HOSTILE_REASON, HOSTILE_PHASE } from './hostile.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = path.resolve(HERE, '..', '..');
const PROFDIFF = path.resolve(process.argv[2] || path.join(SOURCE, 'build', 'profdiff'));
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'profdiff-browser-'));

// ---------------------------------------------------------------------------------------------
// A tiny harness: tests run one after the other; a test fails by throwing.

const tests = [];
// PROFDIFF_BROWSER_ONLY=TEXT runs only the tests whose name contains TEXT.
const ONLY = process.env.PROFDIFF_BROWSER_ONLY || '';
function test(name, fn) {
  if (name.includes(ONLY)) tests.push({ name, fn });
}

class Failure extends Error {}
function check(condition, message) {
  if (!condition) throw new Failure(message);
}

// After the page's own frame, every '<' is one of the data elements' tags: the input's '<' are all
// written \u003c, its U+2028 and U+2029 escaped too.
function checkDataEscaped(page) {
  const bytes = page.toString('utf8');
  const data = bytes.slice(bytes.indexOf('<script type="application/json" data-pd="defaults">'))
      .replace(/<script type="application\/json" data-pd="\w+"( data-(nodes|omitted)="\d+")?>/g, '').replace(/<\/script>/g, '');
  check(!data.includes('<'), 'a "<" of the input in the page\'s data');
  check(!data.includes('\u2028') && !data.includes('\u2029'), 'U+2028 or U+2029 unescaped in the page\'s data');
}

function checkEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Failure(`${what}: got ${a}, expected ${e}`);
}

// ---------------------------------------------------------------------------------------------
// Running profdiff.

function profdiff(args, cwd) {
  const result = spawnSync(PROFDIFF, args, { cwd, maxBuffer: 1 << 30 });
  if (result.error) throw result.error;
  return { out: result.stdout, err: result.stderr.toString('utf8'), status: result.status };
}

let pageNumber = 0;
function writePage(content) {
  const file = path.join(TMP, `page-${++pageNumber}.html`);
  fs.writeFileSync(file, content);
  return file;
}

// Nodes by operation in a --format=json stream: checks that the text is read right.
function jsonCounts(stream) {
  const counts = { identity: 0, insert: 0, delete: 0, relabel: 0, moved: 0, node: 0 };
  for (const line of stream.toString('utf8').split('\n')) {
    if (line === '') continue;
    const record = JSON.parse(line);
    if (record.type !== 'pair' && record.type !== 'compilation') continue;
    for (const kind of ['inlining', 'optimization', 'optimization_context']) {
      if (!record[kind]) continue;
      for (const node of record[kind].nodes) counts[node.op ?? 'node']++;
    }
  }
  return counts;
}

// What the page shows once everything is expanded.
async function expandedPage(page) {
  return page.evaluate(() => {
    document.getElementById('expand-all').click();
    const counts = { identity: 0, insert: 0, delete: 0, relabel: 0, moved: 0, node: 0 };
    for (const node of document.querySelectorAll('[data-op]')) {
      const op = node.getAttribute('data-op');
      counts[op] = (counts[op] ?? 0) + 1;
    }
    return {
      methods: [...document.querySelectorAll('section[data-method]')].map((s) => s.getAttribute('data-method')),
      counts,
      notice: document.querySelector('.notice')?.textContent ?? '',
      errorBanner: document.querySelector('.banner.error')?.textContent ?? null,
    };
  });
}

// The page of `args` (run in `cwd`) shows what the text shows.
async function checkAgainstText(browser, cwd, args, { page: given } = {}) {
  const text = profdiff(args, cwd);
  const html = given ?? profdiff([...args, '--format=html'], cwd);
  checkEqual(html.status, text.status, 'exit status of --format=html');
  const expected = parseTextOutput(text.out.toString('utf8'));
  const json = profdiff([...args, '--format=json'], cwd);
  checkEqual(expected.counts, jsonCounts(json.out), 'tree lines of the text (read by text_output.mjs) against the JSON nodes');
  if (args.includes('--show-moved=true')) check(expected.counts.moved > 0, 'moved lines (`>`) in the text');
  const { page, problems } = await openPage(browser, writePage(html.out));
  try {
    const shown = await expandedPage(page);
    checkEqual(shown.notice, '', 'expand-all notice');
    checkEqual(shown.methods, expected.methods, 'data-method values');
    checkEqual(shown.counts, expected.counts, 'data-op counts');
    if (text.status !== 0) check(shown.errorBanner !== null, 'a failed run shows its error');
    checkEqual(problems, [], 'problems (requests, console errors, exceptions, dialogs)');
    return { page: null, shown };
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The cases.

const JIT = 'fixtures/jit-example';
const AOT = 'fixtures/aot-example';
const JIT_ARGS = [`${JIT}/exp1/log`, `${JIT}/exp1/prof.json`, `${JIT}/exp2/log`, `${JIT}/exp2/prof.json`];

function fixtureCases() {
  const cases = [];
  for (const extra of [[], ['--optimization-context-tree=true'], ['--diff-compilations=false'],
                       ['--long-bci=true', '--inliner-reasoning=true'], ['--prune-identities=false']]) {
    cases.push(['jit-vs-jit', ...JIT_ARGS, ...extra]);
  }
  cases.push(['report', `${JIT}/exp1/log`, `${JIT}/exp1/prof.json`]);
  cases.push(['report', `${JIT}/exp1/log`]);
  cases.push(['report', `${JIT}/exp1/log`, `${JIT}/exp1/prof.json`, '--optimization-context-tree=true',
              '--long-bci=true']);
  cases.push(['jit-vs-aot', `${JIT}/exp1/log`, `${JIT}/exp1/prof.json`, `${AOT}/exp2/log`]);
  cases.push(['jit-vs-aot', `${JIT}/exp1/log`, `${JIT}/exp1/prof.json`, `${AOT}/exp2/log`, `${AOT}/exp2/prof.json`]);
  cases.push(['aot-vs-aot', `${AOT}/exp1/log`, `${AOT}/exp1/prof.json`, `${AOT}/exp2/log`, `${AOT}/exp2/prof.json`]);
  cases.push(['aot-vs-aot-jit-profile', `${JIT}/exp1/log`, `${JIT}/exp1/prof.json`, `${AOT}/exp1/log`, `${AOT}/exp2/log`]);
  // Code that changed between JDK 17 and 25: moved call sites (issue 36), every one with
  // --show-moved=true, marked `>` in the text, op moved in the JSON, data-op="moved" on the page.
  for (const extra of [[], ['--show-moved=true']]) {
    cases.push(['jit-vs-jit', 'fixtures/hotspot-example/jdk17.log', 'fixtures/hotspot-example/jdk25.log', ...extra]);
  }
  // A run that fails after its page began (experiment 2's profile is of the wrong kind); a path
  // error writes no page at all (tests/path_errors_test.cc).
  cases.push(['jit-vs-jit', `${JIT}/exp1/log`, `${JIT}/exp1/prof.json`, `${JIT}/exp2/log`, `${AOT}/exp2/prof.json`]);
  return cases.map((args) => ({ name: `fixtures: ${args.join(' ')}`, cwd: SOURCE, args }));
}

function conformanceCases() {
  const corpus = process.env.PROFDIFF_CONFORMANCE_DIR || path.resolve(SOURCE, '..', 'shared', 'conformance');
  const dir = path.join(corpus, 'cases');
  if (!fs.existsSync(dir)) return null;
  return fs.readdirSync(dir).sort().map((name) => {
    const read = (f) => fs.readFileSync(path.join(dir, name, f), 'utf8');
    const args = read('args').split('\n').filter((line) => line.trim() !== '');
    return { name: `conformance: ${name}`, cwd: path.join(corpus, read('root').trim()), args };
  });
}

for (const c of fixtureCases()) {
  test(c.name, (browser) => checkAgainstText(browser, c.cwd, c.args));
}
const corpus = conformanceCases();
if (corpus === null) {
  if (process.env.PROFDIFF_REQUIRE_CONFORMANCE === '1') {
    test('conformance corpus', () => { throw new Failure('required (PROFDIFF_REQUIRE_CONFORMANCE=1) but not found'); });
  } else {
    console.log('conformance corpus not found: only fixtures/ checked');
  }
} else {
  for (const c of corpus) test(c.name, (browser) => checkAgainstText(browser, c.cwd, c.args));
}

test('render --format=html of a saved JSON stream shows the same', async (browser) => {
  const stream = profdiff([...['jit-vs-jit', ...JIT_ARGS], '--format=json'], SOURCE);
  const saved = path.join(TMP, 'saved.jsonl');
  fs.writeFileSync(saved, stream.out);
  const rendered = profdiff(['render', saved, '--format=html'], SOURCE);
  checkEqual(rendered.status, 0, 'render exit status');
  await checkAgainstText(browser, SOURCE, ['jit-vs-jit', ...JIT_ARGS], { page: rendered });
});

test('a page of a stream cut short says so; a bad file makes no page', async (browser) => {
  const stream = profdiff([...['jit-vs-jit', ...JIT_ARGS], '--format=json'], SOURCE);
  const lines = stream.out.toString('utf8').split('\n');
  const cut = path.join(TMP, 'cut.jsonl');
  fs.writeFileSync(cut, lines.slice(0, -2).join('\n') + '\n');  // without the end record
  const rendered = profdiff(['render', cut, '--format=html'], SOURCE);
  checkEqual(rendered.status, 0, 'render exit status');
  const bad = path.join(TMP, 'bad.jsonl');
  fs.writeFileSync(bad, 'not json\n');
  const failed = profdiff(['render', bad, '--format=html'], SOURCE);
  checkEqual(failed.status, 1, 'render exit status for a bad file');
  // As in JSON, a failure before the first record writes nothing on stdout; stderr says why.
  checkEqual(failed.out.length, 0, 'bytes written for a bad file');
  check(failed.err.includes('bad.jsonl:1'), `stderr for a bad file: ${failed.err}`);
  for (const [html, selector, text] of [[rendered.out, '.banner.cut', 'cut short']]) {
    const { page, problems } = await openPage(browser, writePage(html));
    try {
      const banner = await page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);
      check(banner.includes(text), `the banner ${selector}: "${banner}"`);
      checkEqual(problems, [], 'problems');
    } finally {
      await page.close();
    }
  }
});

// ---------------------------------------------------------------------------------------------
// The controls.

async function fixturePage(browser, extra = [], options = {}) {
  const html = profdiff(['jit-vs-jit', ...JIT_ARGS, ...extra, '--format=html'], SOURCE);
  checkEqual(html.status, 0, 'exit status');
  return openPage(browser, writePage(html.out), options);
}

function visibleRows(page) {
  return page.evaluate(() => [...document.querySelectorAll('#methods tbody tr')]
      .filter((row) => !row.hidden).map((row) => row.querySelector('a').textContent));
}

test('a stats page shows a table per scope, as many rows as the JSON holds', async (browser) => {
  for (const args of [['stats', `${JIT}/exp1/log`, `${JIT}/exp1/prof.json`],
                      ['stats', ...JIT_ARGS]]) {
    const json = profdiff([...args, '--format=json'], SOURCE);
    checkEqual(json.status, 0, 'exit status of --format=json');
    const records = json.out.toString('utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
    const changes = records.filter((r) => r.type === 'statistics-change');
    const single = records.filter((r) => r.type === 'statistics');
    check(single.length > 0, `${args.join(' ')}: no statistics records`);
    const html = profdiff([...args, '--format=html'], SOURCE);
    checkEqual(html.status, 0, 'exit status of --format=html');
    const { page, problems } = await openPage(browser, writePage(html.out));
    try {
      const tables = await page.evaluate(() => [...document.querySelectorAll('.statistics-scope')]
          .map((d) => ({ title: d.querySelector('summary').textContent,
                         rows: d.querySelectorAll('tbody tr').length })));
      // The changes first (a row per row of the record), then each experiment's own figures.
      checkEqual(tables.length, changes.length + single.length, `${args.join(' ')}: scopes`);
      checkEqual(tables.slice(0, changes.length).map((t) => t.rows),
          changes.map((r) => r.rows.length), 'rows per scope of the changes');
      check(tables.some((t) => t.title.includes('Hot compilation units of ')), 'a hot method scope');
      checkEqual(problems, [], 'problems');
    } finally {
      await page.close();
    }
  }
});

test('--decisions: the rates, transitions and call sites of the record, each linking to its pair', async (browser) => {
  const cases = [['jit-vs-jit', ...JIT_ARGS],
                 // HotSpot logs have the callees' bytecode sizes.
                 ['jit-vs-jit', `${SOURCE}/fixtures/hotspot-example/jdk17.log`,
                  `${SOURCE}/fixtures/hotspot-example/jdk25.log`]];
  const real = path.join(process.env.PROFDIFF_CONFORMANCE_DIR || path.join(SOURCE, '..', 'shared', 'conformance'),
      'data', 'real-graal', 'CollectionsStreams');
  if (fs.existsSync(path.join(real, 'lowinline'))) {
    cases.push(['jit-vs-jit', `${real}/default/run-1/log`, `${real}/default/run-1/prof.json`,
                `${real}/lowinline/run-1/log`, `${real}/lowinline/run-1/prof.json`]);
  }
  for (const args of cases) {
    const json = profdiff([...args, '--decisions=true', '--format=json'], SOURCE);
    checkEqual(json.status, 0, 'exit status of --format=json');
    const record = json.out.toString('utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l))
        .find((r) => r.type === 'decisions');
    check(record !== undefined, 'a decisions record');
    // The page of the saved stream, as render makes it.
    const stream = path.join(TMP, `decisions-${++pageNumber}.jsonl`);
    fs.writeFileSync(stream, json.out);
    const html = profdiff(['render', stream, '--format=html'], SOURCE);
    checkEqual(html.status, 0, 'exit status of render --format=html');
    const { page, problems } = await openPage(browser, writePage(html.out));
    try {
      const shown = await page.evaluate(() => {
        const box = document.getElementById('decisions');
        if (!box) return null;
        const rows = (selector) => [...box.querySelectorAll(selector + ' tbody tr')]
            .map((tr) => [...tr.children].map((td) => td.textContent));
        return {
          counted: box.querySelector('p').textContent,
          transitions: rows('table.decision-transitions'),
          sites: [...box.querySelectorAll('table.decision-sites')].map((t) =>
              [...t.querySelectorAll('tbody tr')].map((tr) => ({
                callee: tr.children[1].textContent,
                bci: tr.children[2].textContent,
                size: tr.children[8].textContent,
                href: tr.querySelector('a')?.getAttribute('href'),
              }))),
        };
      });
      check(shown !== null, 'a decisions box');
      // Without a profile on either side (the HotSpot logs) nothing is hot: compiled methods.
      const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
      const profiled = args.some((a) => a.endsWith('prof.json'));
      checkEqual(shown.counted, `${plural(record.pairs, 'compared pair')} of ` +
          `${plural(record.methods, profiled ? 'hot method' : 'compiled method')}` +
          (record.too_big ? ` (${record.too_big} too big to compare)` : ''), 'the counted pairs');
      const side = (s) => (s ? (s.reason ? `${s.kind} (${s.reason})` : s.kind) : 'absent');
      checkEqual(shown.transitions, record.transitions.map((t) => [side(t.before), side(t.after),
          String(t.call_sites), String(t.methods), t.share === null ? '\u2013' : (t.share * 100).toFixed(2) + '%']),
          'transition rows');
      checkEqual(shown.sites.map((t) => t.length), [record.changes.length, record.reason_changes.length],
          'call-site rows');
      const sites = shown.sites.flat();
      [...record.changes, ...record.reason_changes].forEach((site, i) => {
        checkEqual(sites[i].callee, site.callee, `callee of row ${i}`);
        checkEqual(sites[i].bci, String(site.bci), `bci of row ${i}`);
        // One size when the sides agree or one is absent, both when they differ, '?' unknown.
        const sizes = [site.before, site.after].filter((s) => s).map((s) => s.bytecode_size);
        const size = sizes.every((x) => x === null) ? '\u2013'
            : sizes.length === 1 || sizes[0] === sizes[1] ? String(sizes.find((x) => x !== null))
              : sizes.map((x) => (x === null ? '?' : String(x))).join(' \u2192 ');
        checkEqual(sites[i].size, size, `bytecode size of row ${i}`);
        const href = `#m:${encodeURIComponent(site.method)}/p/${encodeURIComponent(site.compilations[0])}/` +
            encodeURIComponent(site.compilations[1]);
        checkEqual(sites[i].href, href, `link of row ${i}`);
      });
      if (args.some((a) => a.endsWith('jdk17.log'))) {
        check(sites.some((s) => s.size === '42 \u2192 9'), 'a size that changed (StringLatin1.hashCode)');
      }
      checkEqual(problems, [], 'problems');
      // Following a link opens the pair.
      if (sites.length > 0) {
        const target = sites[0].href.slice(1);
        await page.evaluate(() => document.querySelector('#decisions table.decision-sites a').click());
        await page.waitForFunction((id) => document.getElementById(id)?.checkVisibility(), {}, target);
      }
    } finally {
      await page.close();
    }
  }
});

// A HotSpot log's shares are of C1- and C2-compiled code: the page says "JIT-compiled" where a
// Graal experiment says "Graal" (docs/hotspot.md), also with both kinds on one page.
test('a HotSpot experiment with a JFR profile: shares of JIT-compiled code, not Graal\'s', async (browser) => {
  const real = process.env.PROFDIFF_REAL_HOTSPOT_DIR || path.join(SOURCE, '..', 'shared', 'real-hotspot');
  const shapes = path.join(real, 'NumericShapes');
  if (!fs.existsSync(path.join(shapes, 'jdk25', 'run-1', 'rec.jfr'))) {
    check(process.env.PROFDIFF_REQUIRE_CONFORMANCE !== '1', `required but not found: ${shapes}`);
    return;
  }
  const hotspot = (jdk) => [`${shapes}/${jdk}/run-1/hotspot.log.gz`, `${shapes}/${jdk}/run-1/rec.jfr`];
  for (const [args, graal, jit] of [[['jit-vs-jit', ...hotspot('jdk17'), ...hotspot('jdk25')], 0, 2],
                                    [['jit-vs-jit', ...JIT_ARGS.slice(0, 2), ...hotspot('jdk25')], 1, 1]]) {
    const html = profdiff([...args, '--format=html'], SOURCE);
    checkEqual(html.status, 0, 'exit status');
    const text = profdiff(args, SOURCE).out.toString('utf8');
    const { page, problems } = await openPage(browser, writePage(html.out));
    try {
      const shown = await page.evaluate(() => {
        document.getElementById('expand-all').click();
        return document.body.textContent;
      });
      const count = (body, what) => body.split(what).length - 1;
      for (const [body, where] of [[shown, 'page'], [text, 'text']]) {
        checkEqual(count(body, 'Graal-compiled methods account for'), graal, `${where}: Graal experiments`);
        checkEqual(count(body, 'JIT-compiled methods account for'), jit, `${where}: HotSpot experiments`);
        // Both recordings have samples in C1 code of methods C2 compiled: --tiers=top leaves it out.
        checkEqual(count(body, ' samples) is in compilations that --tiers=top leaves out; --tiers=all shows them'),
                   jit, `${where}: the time left out`);
      }
      // The text's compilation lines; the page's compilation tables (and, where a pair is
      // compared, its titles).
      checkEqual(count(text, '% of JIT-compiled execution') > 0, true, 'text: compilations of HotSpot\'s JITs');
      checkEqual(count(text, '% of Graal execution') > 0, graal > 0, 'text: compilations of Graal');
      checkEqual(count(shown, 'JIT share') > 0, true, 'page: compilation tables of HotSpot experiments');
      checkEqual(count(shown, 'Graal share') > 0, graal > 0, 'page: compilation tables of Graal experiments');
      checkEqual(count(shown, '% of JIT-compiled execution') > 0, graal === 0, 'page: pair titles');
      // Two recordings (docs/jfr.md "How sure is a share"): a badge in the method table and the
      // section header of each method whose share change is within sampling noise, and in the
      // title of each such pair, as the JSON records' tests say.
      const records = profdiff([...args, '--format=json'], SOURCE).out.toString('utf8').trim()
        .split('\n').map((line) => JSON.parse(line));
      const within = (type) => records.filter((r) => r.type === type && r.within_noise === true).length;
      const badges = await page.evaluate(() => ({
        table: document.querySelectorAll('table [data-noise="within"]').length,
        headers: document.querySelectorAll('section[data-method] > header [data-noise="within"]').length,
        pairs: document.querySelectorAll('.item h3 [data-noise="within"]').length,
      }));
      checkEqual(badges, { table: within('method'), headers: within('method'), pairs: within('pair') },
                 'page: the sampling-noise badges');
      checkEqual(problems, [], 'problems');
    } finally {
      await page.close();
    }
  }
  // The runs tables of jit-vs-jit-runs head the column the same way.
  const runs = profdiff(['jit-vs-jit-runs', '--exp1', ...hotspot('jdk17'), '--exp2', ...hotspot('jdk25'),
                         '--format=html'], SOURCE);
  checkEqual(runs.status, 0, 'exit status of jit-vs-jit-runs');
  const { page, problems } = await openPage(browser, writePage(runs.out));
  try {
    const heads = await page.evaluate(() => [...document.querySelectorAll('table.runs th')].map((th) => th.textContent));
    checkEqual(heads.filter((h) => h === 'JIT share').length, 2, 'runs tables: JIT share columns');
    // Recordings: each share says its samples, and a column the run's (docs/runs.md).
    checkEqual(heads.filter((h) => h === 'Samples').length, 2, 'runs tables: samples columns');
    const cells = await page.evaluate(() => [...document.querySelectorAll('table.runs tbody tr')]
      .filter((tr) => tr.children.length > 1).map((tr) => tr.children[4].textContent));
    checkEqual(cells.length > 0 && cells.every((c) => /^\d+\.\d\d% \(\d+\)$/.test(c)), true,
               `runs tables: hot shares with their samples: ${cells}`);
    checkEqual(heads.includes('Graal share'), false, 'runs tables: no Graal share column');
    const body = await page.evaluate(() => document.body.textContent);
    checkEqual(body.split('Run 1: ').length - 1, 2, 'runs tables: the time left out under each run');
    checkEqual(problems, [], 'problems of the runs page');
  } finally {
    await page.close();
  }
});

test('--decisions on LLVM remarks: the loops record as a table, each loop linking to its pair', async (browser) => {
  const L = `${SOURCE}/fixtures/llvm-example`;
  for (const args of [[`${L}/clang-19/O2`, `${L}/clang-19/O3`], [`${L}/clang-19/O2`, `${L}/clang-19/O2-pgo`]]) {
    const json = profdiff(['aot-vs-aot', ...args, '--decisions=true', '--format=json'], SOURCE);
    checkEqual(json.status, 0, 'exit status of --format=json');
    const record = json.out.toString('utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l))
        .find((r) => r.type === 'loops');
    check(record !== undefined && record.loops.length > 0, 'a loops record with loops');
    const stream = path.join(TMP, `loops-${++pageNumber}.jsonl`);
    fs.writeFileSync(stream, json.out);
    const html = profdiff(['render', stream, '--format=html'], SOURCE);
    checkEqual(html.status, 0, 'exit status of render --format=html');
    const { page, problems } = await openPage(browser, writePage(html.out));
    try {
      const rows = await page.evaluate(() => [...document.querySelectorAll('#loops table.loop-changes tbody tr')]
          .map((tr) => ({ cells: [...tr.children].map((td) => td.textContent),
                          href: tr.querySelector('a')?.getAttribute('href') })));
      const side = (s) => (s.vectorized.length === 0 ? (s.remarked ? 'not vectorized' : 'no remark')
          : 'vectorized ' + s.vectorized.map((v) => `${v.width}x${v.interleave}`).join(', '));
      checkEqual(rows.map((r) => r.cells), record.loops.map((loop) => [
          loop.share === null ? '\u2013' : (loop.share * 100).toFixed(2) + '%', loop.position[0].method,
          String(loop.position[0].bci), loop.method, side(loop.before), side(loop.after),
          loop.before.reasons.join('; '), loop.after.reasons.join('; '),
          `${loop.compilations[0]} vs ${loop.compilations[1]}`]), 'loop rows');
      record.loops.forEach((loop, i) => checkEqual(rows[i].href,
          `#m:${encodeURIComponent(loop.method)}/p/${encodeURIComponent(loop.compilations[0])}/` +
          encodeURIComponent(loop.compilations[1]), `link of loop ${i}`));
      checkEqual(problems, [], 'problems');
    } finally {
      await page.close();
    }
  }
});

test('--decisions with runs: the rates\' changes as the text says them', async (browser) => {
  const e1 = `${JIT}/exp1/`, e2 = `${JIT}/exp2/`;
  const args = ['jit-vs-jit-runs', '--exp1', e1 + 'log', e1 + 'prof.json', e1 + 'log', e1 + 'prof.json',
                '--exp2', e2 + 'log', e2 + 'prof.json', e2 + 'log', e2 + 'prof.json', '--decisions=true'];
  const text = profdiff(args, SOURCE);
  checkEqual(text.status, 0, 'exit status of the text');
  const expected = text.out.toString('utf8').split('\n').map((l) => l.trim())
      .filter((l) => /^(Weighted change|Change) over /.test(l));
  checkEqual(expected.length, 2, 'the text\'s rate changes');
  const html = profdiff([...args, '--format=html'], SOURCE);
  checkEqual(html.status, 0, 'exit status of --format=html');
  const { page, problems } = await openPage(browser, writePage(html.out));
  try {
    const shown = await page.evaluate(() => [...document.querySelectorAll('#decisions p.rate-change')]
        .map((p) => p.textContent));
    checkEqual(shown, expected.map((l) => l.replace("Welch's", 'Welch\u2019s')), 'rate changes');
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('the filter box hides and shows methods', async (browser) => {
  const { page, problems } = await fixturePage(browser);
  try {
    checkEqual((await visibleRows(page)).length, 2, 'rows before filtering');
    await page.type('#filter', 'arraylist');
    checkEqual(await visibleRows(page), ['java.util.ArrayList.get(int)'], 'rows for "arraylist"');
    const sections = await page.evaluate(() => [...document.querySelectorAll('section[data-method]')]
        .filter((s) => !s.hidden).map((s) => s.getAttribute('data-method')));
    checkEqual(sections, ['java.util.ArrayList.get(int)'], 'sections for "arraylist"');
    await page.type('#filter', 'x');
    checkEqual(await visibleRows(page), [], 'rows for "arraylistx"');
    await page.evaluate(() => {
      const filter = document.getElementById('filter');
      filter.value = '';
      filter.dispatchEvent(new Event('input'));
    });
    checkEqual((await visibleRows(page)).length, 2, 'rows after clearing the filter');
    // Either spelling of a name: the log's (here qualified) and the simple one.
    const rowsFor = async (text) => {
      await page.evaluate((value) => {
        const filter = document.getElementById('filter');
        filter.value = value;
        filter.dispatchEvent(new Event('input'));
      }, text);
      return visibleRows(page);
    };
    const total = ['org.example.shop.Checkout.total(java.util.List)'];
    checkEqual(await rowsFor('Checkout.total(java.util.List)'), total, 'the qualified spelling');
    checkEqual(await rowsFor('Checkout.total(List)'), total, 'the simple spelling');
    checkEqual(await rowsFor('Checkout.total(java.util.Set)'), [], 'neither');
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('clicking a column header sorts the table, clicking again reverses it', async (browser) => {
  const corpusCase = corpus?.find((c) => c.name.endsWith('small-b__jit-vs-jit'));
  let html;
  if (corpusCase) html = profdiff([...corpusCase.args, '--format=html'], corpusCase.cwd).out;
  else html = profdiff(['jit-vs-jit', ...JIT_ARGS, '--format=html'], SOURCE).out;
  const { page, problems } = await openPage(browser, writePage(html));
  try {
    const names = await visibleRows(page);
    check(names.length >= 2, 'at least two methods');
    const header = async (key) => page.$(`#methods th[data-key="${key}"]`);
    await (await header('method')).click();
    const ascending = await visibleRows(page);
    checkEqual(ascending, [...names].sort(), 'sorted by method name');
    await (await header('method')).click();
    checkEqual(await visibleRows(page), [...names].sort().reverse(), 'sorted by method name, reversed');
    await (await header('index')).click();
    const byIndex = await page.evaluate(() => [...document.querySelectorAll('#methods tbody tr')]
        .map((row) => Number(row.getAttribute('data-index'))));
    checkEqual(byIndex, [...byIndex].sort((a, b) => a - b), 'sorted by #');
    const sortedBy = await page.evaluate(() => document.querySelector('#methods th[aria-sort]').getAttribute('data-key'));
    checkEqual(sortedBy, 'index', 'the sorted column is marked');
    await (await header('share1')).click();
    const shares = await page.evaluate(() => [...document.querySelectorAll('#methods tbody tr')]
        .map((row) => row.children[2].textContent));
    const values = shares.map((s) => (s.endsWith('%') ? Number(s.slice(0, -1)) : -1));
    checkEqual(values, [...values].sort((a, b) => b - a), 'sorted by share in experiment 1, highest first');
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('by default, methods with differences come first', async (browser) => {
  const { page, problems } = await fixturePage(browser, ['--prune-identities=false']);
  try {
    const rows = await page.evaluate(() => [...document.querySelectorAll('#methods tbody tr')].map((row) => {
      const cells = [...row.children].slice(5).map((td) => Number(td.textContent));
      return cells.reduce((a, b) => a + b, 0);
    }));
    const firstWithout = rows.findIndex((d) => d === 0);
    check(firstWithout === -1 || rows.slice(firstWithout).every((d) => d === 0),
          `methods with differences first: ${JSON.stringify(rows)}`);
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

// A method with two hot compilations on each side (issue 22): every pair is printed, but only
// the pairs of the one-to-one pairing count, in the table as in the gate and the summary.
function writeRecompiled(name, unit2Inlined) {
  const dir = path.join(TMP, name);
  fs.mkdirSync(path.join(dir, 'log'), { recursive: true });
  const unit = (id, callee, inlined) => JSON.stringify({
    methodName: 'm.Hot.run()', compilationId: id,
    inliningTree: { methodName: 'm.Hot.run()', callsiteBci: -1, inlined: true, indirect: false, alive: false,
      invokes: [{ methodName: callee, callsiteBci: 3, inlined, indirect: false, alive: !inlined }] },
    optimizationTree: { phaseName: 'RootPhase' } });
  fs.writeFileSync(path.join(dir, 'log', '0'),
      unit('1', 'm.A.a()', true) + '\n' + unit('2', 'm.B.b()', unit2Inlined) + '\n');
  fs.writeFileSync(path.join(dir, 'prof.json'), JSON.stringify({ executionId: '1', totalPeriod: 1000,
    code: ['1', '2'].map((id) => ({ compileId: id, name: `${id}: m.Hot.run()`, level: 4, period: 400 })) }));
  return [path.join(dir, 'log'), path.join(dir, 'prof.json')];
}

test('several compilations: the method table counts the pairs paired one to one, as the summary does', async (browser) => {
  const base = writeRecompiled('recompiled-base', true);
  const changed = writeRecompiled('recompiled-changed', false);
  for (const [second, differences] of [[base, 0], [changed, 1]]) {
    const args = ['jit-vs-jit', ...base, ...second, '--hot-min-limit=2'];
    const summary = records(profdiff([...args, '--summary=true', '--format=json']).out)
        .find((r) => r.type === 'summary').methods[0];
    checkEqual(summary.counted_pairs, 2, 'counted pairs of the summary');
    const html = profdiff([...args, '--format=html']);
    checkEqual(html.status, 0, 'exit status');
    const { page, problems } = await openPage(browser, writePage(html.out));
    try {
      const shown = await page.evaluate(() => {
        document.getElementById('expand-all').click();
        const row = document.querySelector('#methods tbody tr');
        return {
          cells: [...row.children].slice(5).map((td) => Number(td.textContent)),
          head: document.querySelector('section[data-method] .summary').textContent,
          uncounted: document.querySelectorAll('.badge.uncounted').length,
        };
      });
      const inlining = summary.inlining.insert + summary.inlining.delete + summary.inlining.relabel;
      checkEqual(inlining, differences, 'differing inlining nodes of the summary');
      checkEqual(shown.cells.reduce((a, b) => a + b, 0), differences, 'differences in the method table');
      check(shown.head.startsWith('4 pairs (2 counted)'), `section head: ${shown.head}`);
      checkEqual(shown.uncounted, 2, 'pairs marked "not counted"');
      checkEqual(problems, [], 'problems');
    } finally {
      await page.close();
    }
  }
});

test('collapse all, expand all, a node toggle and "only paths to differences"', async (browser) => {
  const { page, problems } = await fixturePage(browser, ['--prune-identities=false']);
  try {
    const visible = () => page.evaluate(() => {
      const counts = {};
      for (const row of document.querySelectorAll('[data-op]')) {
        if (row.checkVisibility()) counts[row.getAttribute('data-op')] = (counts[row.getAttribute('data-op')] ?? 0) + 1;
      }
      return counts;
    });
    await page.click('#expand-all');
    const all = await page.evaluate(() => document.querySelectorAll('[data-op]').length);
    const expanded = await visible();
    checkEqual(Object.values(expanded).reduce((a, b) => a + b, 0), all, 'every node visible after expand all');
    await page.click('#only-diffs');
    const onlyDiffs = await visible();
    checkEqual(onlyDiffs.insert, expanded.insert, 'insertions stay visible');
    checkEqual(onlyDiffs.delete, expanded.delete, 'deletions stay visible');
    checkEqual(onlyDiffs.relabel, expanded.relabel, 'relabellings stay visible');
    check(onlyDiffs.identity < expanded.identity, `fewer unchanged nodes: ${onlyDiffs.identity} of ${expanded.identity}`);
    await page.click('#only-diffs');
    checkEqual(await visible(), expanded, 'everything back');
    // The first node with children: its toggle hides its subtree.
    const hidden = await page.evaluate(() => {
      const toggle = document.querySelector('.tree .tg[data-row]');
      const before = [...toggle.closest('.tree').querySelectorAll('[data-op]')].filter((r) => !r.hidden).length;
      toggle.click();
      const after = [...toggle.closest('.tree').querySelectorAll('[data-op]')].filter((r) => !r.hidden).length;
      return { before, after };
    });
    check(hidden.after < hidden.before, `a toggle hides a subtree: ${JSON.stringify(hidden)}`);
    await page.click('#collapse-all');
    const collapsed = await visible();
    checkEqual(collapsed, {}, 'nothing visible after collapse all (methods closed)');
    checkEqual(await page.evaluate(() => document.querySelectorAll('[data-op]').length), all, 'the nodes stay in the page');
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('reasons and receiver-type profiles on demand, bci chains on hover', async (browser) => {
  const { page, problems } = await fixturePage(browser);
  try {
    await page.click('#expand-all');
    const shown = await page.evaluate(() => {
      const buttons = [...document.querySelectorAll('button.more')];
      const before = document.querySelectorAll('.details').length;
      buttons.forEach((b) => b.click());
      return {
        buttons: buttons.length,
        before,
        text: [...document.querySelectorAll('.details')].map((d) => d.textContent).join('\n'),
        chains: [...document.querySelectorAll('.pos')].map((p) => p.title),
      };
    });
    check(shown.buttons > 0, 'nodes with reasons have a button');
    checkEqual(shown.before, 0, 'reasons are not shown before they are asked for');
    check(shown.text.includes('reasoning in experiment 1: profile shows a monomorphic receiver'), `reasons: ${shown.text}`);
    check(shown.text.includes('75.00% org.example.shop.Book -> org.example.shop.Book.price()'), `profiles: ${shown.text}`);
    check(shown.chains.length > 0 && shown.chains.every((t) => /\{.*: \d+/.test(t)), `bci chains: ${shown.chains}`);
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('anchors: a link to a pair opens its method and shows the pair', async (browser) => {
  const first = await fixturePage(browser);
  let target;
  try {
    await first.page.click('#expand-all');
    target = await first.page.evaluate(() => document.querySelectorAll('.item')[1].id);
  } finally {
    await first.page.close();
  }
  check(target.startsWith('m:java.util.ArrayList.get(int)/p/'), `a stable anchor: ${target}`);
  const html = profdiff(['jit-vs-jit', ...JIT_ARGS, '--format=html'], SOURCE);
  const { page, problems } = await openPage(browser, writePage(html.out), { hash: '#' + target });
  try {
    const state = await page.evaluate((id) => {
      const item = document.getElementById(id);
      return {
        exists: item !== null,
        target: item?.classList.contains('target'),
        open: item?.checkVisibility(),
        other: document.querySelector('section[data-method="org.example.shop.Checkout.total(java.util.List)"] .body').hidden,
      };
    }, target);
    checkEqual(state, { exists: true, target: true, open: true, other: true }, 'the pair, shown and marked; the other method closed');
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('hostile names, reasons and phases display as text and run nothing', async (browser) => {
  const dir = path.join(TMP, 'hostile');
  makeHostileExperiments(path.join(SOURCE, JIT), dir);
  const args = ['jit-vs-jit', `${dir}/exp1/log`, `${dir}/exp1/prof.json`, `${dir}/exp2/log`,
                `${dir}/exp2/prof.json`, '--inliner-reasoning=true'];
  const { shown } = await checkAgainstText(browser, SOURCE, args);
  check(shown.methods.includes(HOSTILE_METHOD), `the hostile method is a section: ${JSON.stringify(shown.methods)}`);
  const html = profdiff([...args, '--format=html'], SOURCE);
  checkDataEscaped(html.out);
  const { page, problems } = await openPage(browser, writePage(html.out));
  try {
    const state = await page.evaluate(() => {
      document.getElementById('expand-all').click();
      document.querySelectorAll('button.more').forEach((b) => b.click());
      return {
        elements: document.querySelectorAll('img, svg, iframe, object, embed, body script:not([type="application/json"])').length,
        pwned: window.pwned === true,
        text: document.body.textContent,
        titles: [...document.querySelectorAll('section[data-method] header .name')].map((n) => n.textContent),
        links: [...document.querySelectorAll('#methods a')].map((a) => a.textContent),
      };
    });
    checkEqual(state.elements, 0, 'elements made from the input');
    checkEqual(state.pwned, false, 'script from the input ran');
    check(state.titles.includes(HOSTILE_METHOD), `the name shown as text: ${JSON.stringify(state.titles)}`);
    check(state.links.includes(HOSTILE_METHOD), 'the name shown as text in the table');
    check(state.text.includes(HOSTILE_REASON), 'the hostile reason shown as text');
    check(state.text.includes(HOSTILE_PHASE), 'the hostile phase name shown as text');
    checkEqual(problems, [], 'problems (dialogs, errors, requests)');
  } finally {
    await page.close();
  }
});

test('a tree 100,000 levels deep opens, every node shown', async (browser) => {
  // report of one unit whose inlining tree is a chain r() -> m1() -> ... -> m99999() -> h().
  const depth = 100000;
  const open = (name, bci) => `{"methodName":"${name}","callsiteBci":${bci},"inlined":true,` +
      '"indirect":false,"alive":false,"invokes":[';
  const parts = [open('r()', -1)];
  for (let i = 1; i < depth; i++) parts.push(open(`m${i}()`, i % 1000));
  parts.push(open('h()', 7), ']}', ']}'.repeat(depth));
  const unit = `{"methodName":"r()","compilationId":"1","inliningTree":${parts.join('')},` +
      '"optimizationTree":{"phaseName":"RootPhase","optimizations":[]}}';
  const dir = path.join(TMP, 'deep', 'log');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'units'), unit + '\n');
  const json = profdiff(['report', dir, '--format=json'], SOURCE);
  checkEqual(json.status, 0, 'exit status of --format=json');
  const expected = jsonCounts(json.out);
  checkEqual(expected.node, depth + 2, 'nodes in the JSON stream');
  const html = profdiff(['report', dir, '--format=html'], SOURCE);
  checkEqual(html.status, 0, 'exit status of --format=html');
  const { page, problems } = await openPage(browser, writePage(html.out));
  try {
    const shown = await expandedPage(page);
    checkEqual(shown.counts.node, expected.node, 'data-op="node" count');
    const deepest = await page.evaluate(() => {
      const rows = document.querySelectorAll('[data-op]');
      return rows[rows.length - 2].textContent;
    });
    check(deepest.includes('depth 100000') && deepest.includes('(inlined) h() at bci 7'),
          `the deepest node: ${deepest}`);
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

// ---------------------------------------------------------------------------------------------
// jit-vs-jit-runs (docs/runs.md): pages of small generated runs, checked against the records of
// the JSON stream and the lines of the text.

// The benchmark generator (bench/generate), built by CMake next to the tests.
const GENERATOR = process.env.PROFDIFF_GENERATOR ||
    path.join(path.dirname(PROFDIFF), 'tests', 'profdiff_generate');

// Generates 3 + 3 small runs (with planted changes and per-run noise) once; returns the
// arguments of jit-vs-jit-runs on them, relative to `dir`.
const generatedRuns = new Map();
function generateRuns(name, { rename } = {}) {
  if (!generatedRuns.has(name)) {
    const dir = path.join(TMP, name);
    const generated = spawnSync(GENERATOR, ['--kind=jit', '--size-mb=1', '--seed=3', '--runs=3',
        `--out=${dir}`, '--quiet', '--planted-flip-rate=0.03', '--planted-opt-rate=0.01',
        '--noise-flip-rate=0.03', '--noise-opt-rate=0.01']);
    if (generated.error) throw new Failure(`cannot run the generator ${GENERATOR}: ${generated.error.message}`);
    checkEqual(generated.status, 0, `generator exit status (${generated.stderr})`);
    const args = ['jit-vs-jit-runs'];
    for (const side of [1, 2]) {
      args.push(`--exp${side}`);
      for (const run of [1, 2, 3]) args.push(`exp${side}/run-${run}/log`, `exp${side}/run-${run}/prof.json`);
    }
    if (rename) renameInRuns(dir, rename(dir, args));
    generatedRuns.set(name, { dir, args });
  }
  return generatedRuns.get(name);
}

// Replaces `from` by `to` in every log and profile of the runs in `dir` (JSON strings: the
// replacement is JSON-escaped).
function renameInRuns(dir, [from, to]) {
  const escapedFrom = JSON.stringify(from).slice(1, -1);
  const escapedTo = JSON.stringify(to).slice(1, -1);
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) { walk(file); continue; }
      if (entry.name === 'ground-truth.json') continue;
      const text = fs.readFileSync(file, 'utf8');
      if (text.includes(escapedFrom)) fs.writeFileSync(file, text.split(escapedFrom).join(escapedTo));
    }
  };
  walk(dir);
}

function records(stream) {
  return stream.toString('utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
}

// What a runs page shows, once every method is open (expand all) or as it opens.
async function runsPage(page, { expand = true } = {}) {
  return page.evaluate((expandAll) => {
    if (expandAll) document.getElementById('expand-all').click();
    const lines = (box) => {
      if (!box) return null;
      const out = [];
      for (const block of box.querySelectorAll('.tree-block')) {
        out.push(`H ${block.querySelector('.tree-head').textContent}`);
        for (const row of block.querySelectorAll('.n')) {
          const line = row.querySelector('.line').cloneNode(true);
          line.querySelectorAll('button').forEach((b) => b.remove());
          let text = line.textContent;
          if (row.hasAttribute('data-op')) text = `${text[0]} ${text.slice(1)}`;
          out.push(`${row.style.getPropertyValue('--d')} ${text}`);
        }
      }
      return out;
    };
    return [...document.querySelectorAll('section[data-method]')].map((section) => {
      const stable = section.querySelector('[data-differences="stable"]');
      const noise = section.querySelector('[data-differences="noise"]');
      const row = document.querySelector(`#methods tbody tr[data-index="${[...section.parentNode.children].indexOf(section)}"]`);
      return {
        name: section.getAttribute('data-method'),
        summary: section.querySelector('header .summary').textContent,
        stableOps: stable ? stable.querySelectorAll('[data-op]').length : 0,
        noiseOps: noise ? noise.querySelectorAll('[data-op]').length : 0,
        noiseOpen: noise ? noise.open : null,
        noiseVisible: noise ? [...noise.querySelectorAll('[data-op]')].filter((r) => r.checkVisibility()).length : 0,
        stableLines: lines(stable),
        noiseLines: lines(noise),
        body: section.querySelector('.body').textContent,
        cells: row ? Object.fromEntries([...row.children].map((td, i) =>
            [document.querySelectorAll('#methods th')[i].getAttribute('data-key'), td.textContent])) : null,
      };
    });
  }, expand);
}

// The page of jit-vs-jit-runs `args` (in `cwd`) against its JSON stream and its text.
async function checkRunsPage(browser, cwd, args, { page: given } = {}) {
  const showNoise = args.includes('--show-noise=true');
  const json = profdiff([...args, '--format=json'], cwd);
  checkEqual(json.status, 0, `exit status of --format=json (${json.err})`);
  const methods = records(json.out).filter((r) => r.type === 'method');
  check(methods.some((m) => m.stable_differences.length > 0), 'the data has stable differences');
  check(methods.some((m) => m.noise_differences.length > 0), 'the data has noise differences');
  check(methods.some((m) => !m.compared), 'the data has a method that is not compared');
  const text = profdiff(args, cwd);
  checkEqual(text.status, 0, 'exit status of the text');
  const expected = parseRunsTextOutput(text.out.toString('utf8'));
  checkEqual(expected.map((m) => m.name), methods.map((m) => m.method), 'method sections of the text (read by runs_output.mjs) against the JSON');
  const html = given ?? profdiff([...args, '--format=html'], cwd);
  checkEqual(html.status, 0, 'exit status of --format=html');
  const { page, problems } = await openPage(browser, writePage(html.out));
  try {
    const shown = await runsPage(page);
    checkEqual(shown.map((s) => s.name), methods.map((m) => m.method), 'data-method values against the JSON method records');
    methods.forEach((m, i) => {
      const s = shown[i];
      const what = `method ${m.method}`;
      checkEqual(s.cells.stable, m.compared ? String(m.stable_differences.length) : '\u2013', `${what}: stable in the table`);
      checkEqual(s.cells.noise, m.compared ? String(m.noise_differences.length) : '\u2013', `${what}: noise in the table`);
      if (!m.compared) {
        checkEqual(s.summary, 'not compared', `${what}: summary`);
        check(s.body.includes('Not compared: hot in fewer than half the runs of experiment'), `${what}: not compared`);
        return;
      }
      check(s.summary.includes(`${m.stable_differences.length} stable, ${m.noise_differences.length} `), `${what}: summary "${s.summary}"`);
      checkEqual(s.stableOps, m.stable_differences.length, `${what}: stable difference lines`);
      checkEqual(s.stableLines ?? [], expected[i].stable, `${what}: stable difference lines against the text`);
      if (showNoise) {
        checkEqual(s.noiseOps, m.noise_differences.length, `${what}: noise difference lines`);
        checkEqual(s.noiseLines ?? [], expected[i].noise, `${what}: noise difference lines against the text`);
      } else {
        checkEqual(s.noiseOps, 0, `${what}: noise listed without --show-noise`);
        if (m.noise_differences.length) {
          check(s.body.includes(`${m.noise_differences.length} noise difference`), `${what}: the noise count`);
        }
      }
      for (const h of m.hotness) {
        check(s.body.includes(`Experiment ${h.experiment}${h.hot_runs} of ${h.runs} run`), `${what}: hotness of experiment ${h.experiment}`);
      }
      check(s.body.includes(m.share_change.beyond_noise ? 'beyond the noise' : 'within the noise') ||
            !m.share_change.tested, `${what}: the Welch verdict`);
    });
    checkEqual(problems, [], 'problems (requests, console errors, exceptions, dialogs)');
  } finally {
    await page.close();
  }
  return { json, methods };
}

test('jit-vs-jit-runs: every method, its differences and its noise count, as the records and the text have them', async (browser) => {
  const { dir, args } = generateRuns('runs');
  await checkRunsPage(browser, dir, args);
  await checkRunsPage(browser, dir, [...args, '--show-noise=true']);
  await checkRunsPage(browser, dir, [...args, '--show-noise=true', '--optimization-context-tree=true',
                                     '--long-bci=true', '--inliner-reasoning=true']);
});

test('jit-vs-jit-runs: render --format=html of the saved stream gives the same page', async (browser) => {
  const { dir, args } = generateRuns('runs');
  const full = [...args, '--show-noise=true'];
  const stream = profdiff([...full, '--format=json'], dir);
  const saved = path.join(TMP, 'runs.jsonl');
  fs.writeFileSync(saved, stream.out);
  const rendered = profdiff(['render', saved, '--format=html'], dir);
  checkEqual(rendered.status, 0, 'render exit status');
  const direct = profdiff([...full, '--format=html'], dir);
  // The same bytes but for the header's "format" option (html here, json there).
  checkEqual(rendered.out.toString('utf8').replace('"format":"json"', '"format":"html"'),
             direct.out.toString('utf8'), 'the page of render against the direct page');
  await checkRunsPage(browser, dir, full, { page: rendered });
});

test('jit-vs-jit-runs: noise is listed closed; filter, expand and anchors work on its methods', async (browser) => {
  const { dir, args } = generateRuns('runs');
  const json = profdiff([...args, '--format=json'], dir);
  const methods = records(json.out).filter((r) => r.type === 'method');
  const noisy = methods.find((m) => m.compared && m.noise_differences.length > 0);
  const html = profdiff([...args, '--show-noise=true', '--format=html'], dir);
  checkEqual(html.status, 0, 'exit status');
  const anchor = '#m:' + encodeURIComponent(noisy.method);
  const { page, problems } = await openPage(browser, writePage(html.out), { hash: anchor });
  try {
    // The anchor opened the method, with its noise closed.
    let shown = await runsPage(page, { expand: false });
    const s = shown.find((x) => x.name === noisy.method);
    checkEqual({ open: s.body !== '' , noiseOpen: s.noiseOpen, noiseVisible: s.noiseVisible },
               { open: true, noiseOpen: false, noiseVisible: 0 }, 'the method opened by its anchor, its noise closed');
    const opened = await page.evaluate((name) => {
      const section = [...document.querySelectorAll('section[data-method]')].find((x) => x.getAttribute('data-method') === name);
      return { hidden: section.querySelector('.body').hidden, target: section.classList.contains('target') };
    }, noisy.method);
    checkEqual(opened, { hidden: false, target: true }, 'the anchored section');
    // Opening the noise shows its lines; expand all opens them everywhere, collapse all closes them.
    await page.evaluate((name) => {
      const section = [...document.querySelectorAll('section[data-method]')].find((x) => x.getAttribute('data-method') === name);
      section.querySelector('[data-differences="noise"] summary').click();
    }, noisy.method);
    shown = await runsPage(page, { expand: false });
    checkEqual(shown.find((x) => x.name === noisy.method).noiseVisible, noisy.noise_differences.length, 'noise lines once opened');
    shown = await runsPage(page, { expand: true });
    check(shown.every((x) => x.noiseOpen !== false), 'expand all opens the noise lists');
    await page.click('#collapse-all');
    const visible = await page.evaluate(() => [...document.querySelectorAll('[data-op]')].filter((r) => r.checkVisibility()).length);
    checkEqual(visible, 0, 'difference lines visible after collapse all');
    // The filter keeps the methods whose name contains its text.
    const word = noisy.method.split('(')[0].split('.').pop().toLowerCase();
    await page.type('#filter', word);
    const rows = await visibleRows(page);
    checkEqual(rows, methods.filter((m) => m.method.toLowerCase().includes(word)).map((m) => m.method), `rows for "${word}"`);
    const sections = await page.evaluate(() => [...document.querySelectorAll('section[data-method]')]
        .filter((x) => !x.hidden).map((x) => x.getAttribute('data-method')));
    checkEqual(sections, rows, 'sections for the filter');
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('jit-vs-jit-runs: a single run of an experiment makes every difference unconfirmed', async (browser) => {
  const args = ['jit-vs-jit-runs', '--exp1', `${JIT}/exp1/log`, `${JIT}/exp1/prof.json`, `${JIT}/exp1/log`,
                `${JIT}/exp1/prof.json`, '--exp2', `${JIT}/exp2/log`, `${JIT}/exp2/prof.json`, '--show-noise=true'];
  const json = profdiff([...args, '--format=json'], SOURCE);
  checkEqual(json.status, 0, 'exit status of --format=json');
  const methods = records(json.out).filter((r) => r.type === 'method');
  const unconfirmed = methods.filter((m) => m.unconfirmed);
  check(unconfirmed.length > 0 && unconfirmed.some((m) => m.noise_differences.length > 0), 'unconfirmed differences in the data');
  const text = parseRunsTextOutput(profdiff(args, SOURCE).out.toString('utf8'));
  const html = profdiff([...args, '--format=html'], SOURCE);
  const { page, problems } = await openPage(browser, writePage(html.out));
  try {
    const shown = await runsPage(page);
    checkEqual(shown.map((s) => s.name), methods.map((m) => m.method), 'data-method values');
    methods.forEach((m, i) => {
      if (!m.unconfirmed) return;
      check(shown[i].body.includes('Unconfirmed: experiment 2 compiled the method in fewer than two runs'), `${m.method}: unconfirmed`);
      check(shown[i].body.includes('No stable differences (none can be confirmed)'), `${m.method}: no stable differences`);
      checkEqual(shown[i].noiseOps, m.noise_differences.length, `${m.method}: unconfirmed difference lines`);
      checkEqual(shown[i].noiseLines, text[i].noise, `${m.method}: unconfirmed difference lines against the text`);
    });
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('jit-vs-jit-runs of HotSpot logs without profiles: no shares, the note, every method', async (browser) => {
  const dir = path.join(SOURCE, 'fixtures', 'hotspot-example');
  const args = ['jit-vs-jit-runs', '--exp1', 'jdk17.log', 'jdk17.log', '--exp2', 'jdk25.log', 'jdk25.log'];
  const json = profdiff([...args, '--format=json'], dir);
  checkEqual(json.status, 0, 'exit status of --format=json');
  const methods = records(json.out).filter((r) => r.type === 'method');
  check(methods.some((m) => m.compared) && methods.some((m) => !m.compared), 'compared and other methods');
  const html = profdiff([...args, '--format=html'], dir);
  const { page, problems } = await openPage(browser, writePage(html.out));
  try {
    const shown = await runsPage(page);
    checkEqual(shown.map((s) => s.name), methods.map((m) => m.method), 'data-method values');
    methods.forEach((m, i) => {
      const body = shown[i].body;
      check(body.includes('Share change: unknown without profiles'), `${m.method}: share change`);
      check(!body.includes('NaN'), `${m.method}: no NaN shown`);
      if (!m.compared) {
        check(body.includes('Not compared: compiled in fewer than half the runs of experiment'), `${m.method}: not compared`);
      }
    });
    const note = await page.evaluate(() => document.body.textContent);
    check(note.includes('no profiles: the methods compiled in at least half the runs of each experiment are compared'),
          'the note under the runs tables');
    checkEqual(problems, [], 'problems');
  } finally {
    await page.close();
  }
});

test('jit-vs-jit-runs: hostile method names display as text and run nothing', async (browser) => {
  let hostile = null;
  const { dir, args } = generateRuns('runs-hostile', {
    rename: (at, runArgs) => {
      // Before renaming: the hottest compared method with stable differences.
      const before = profdiff([...runArgs, '--format=json'], at);
      const method = records(before.out).find((r) => r.type === 'method' && r.stable_differences.length > 0).method;
      hostile = HOSTILE_METHOD.replace('.total(java.util.List)', '.') + method;
      return [method, hostile];
    },
  });
  hostile ??= records(profdiff([...args, '--format=json'], dir).out)
      .find((r) => r.type === 'method' && r.method.includes('</script>')).method;
  const { methods } = await checkRunsPage(browser, dir, [...args, '--show-noise=true']);
  check(methods.some((m) => m.method === hostile), 'the hostile method is a method record');
  const html = profdiff([...args, '--show-noise=true', '--format=html'], dir);
  checkDataEscaped(html.out);
  const { page, problems } = await openPage(browser, writePage(html.out));
  try {
    const state = await page.evaluate(() => {
      document.getElementById('expand-all').click();
      document.querySelectorAll('button.more').forEach((b) => b.click());
      return {
        elements: document.querySelectorAll('img, svg, iframe, object, embed, body script:not([type="application/json"])').length,
        pwned: window.pwned === true,
        titles: [...document.querySelectorAll('section[data-method] header .name')].map((n) => n.textContent),
        links: [...document.querySelectorAll('#methods a')].map((a) => a.textContent),
      };
    });
    checkEqual(state.elements, 0, 'elements made from the input');
    checkEqual(state.pwned, false, 'script from the input ran');
    check(state.titles.includes(hostile), 'the name shown as text in its section');
    check(state.links.includes(hostile), 'the name shown as text in the table');
    checkEqual(problems, [], 'problems (dialogs, errors, requests)');
  } finally {
    await page.close();
  }
});

// ---------------------------------------------------------------------------------------------

async function main() {
  const browser = await launch();
  let passed = 0;
  let failed = 0;
  try {
    for (const t of tests) {
      try {
        await t.fn(browser);
        passed++;
        console.log(`ok ${t.name}`);
      } catch (error) {
        failed++;
        console.log(`FAIL ${t.name}: ${error instanceof Failure ? error.message : error.stack}`);
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(TMP, { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
