// Experiments whose names are hostile: fixtures/jit-example with a hot method, an inliner
// reason and a phase renamed to text that would run script or break out of the page's data if
// it were ever treated as markup, with quotes, '&', U+2028, U+2029 and characters outside the
// Basic Multilingual Plane.

import fs from 'node:fs';
import path from 'node:path';

export const HOSTILE_METHOD =
    'org.example.shop.</script><img src=x onerror=alert(1)><script>window.pwned=true</script>' +
    '"\'&amp;&\u2028\u2029\u{1D54F}\u{1F600}.total(java.util.List)';
export const HOSTILE_REASON =
    '</script><svg onload=alert(2)> "quoted" & \'single\' \u2028 <!-- \u{1F600}';
export const HOSTILE_PHASE = '<!--<script>alert(3)</script>Loop&Unrolling"Phase\u2029\u{1D518}';

const RENAMES = [
  ['org.example.shop.Checkout.total(java.util.List)', HOSTILE_METHOD],
  ['profile shows a monomorphic receiver', HOSTILE_REASON],
  ['LoopUnrollingPhase', HOSTILE_PHASE],
];

function rename(value) {
  if (typeof value === 'string') {
    for (const [from, to] of RENAMES) value = value.split(from).join(to);
    return value;
  }
  if (Array.isArray(value)) return value.map(rename);
  if (value !== null && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = rename(v);
    return out;
  }
  return value;
}

// Writes the renamed copy of the experiments in `source` (exp1/, exp2/) into `target`.
export function makeHostileExperiments(source, target) {
  for (const experiment of ['exp1', 'exp2']) {
    const logs = path.join(source, experiment, 'log');
    const outLogs = path.join(target, experiment, 'log');
    fs.mkdirSync(outLogs, { recursive: true });
    for (const file of fs.readdirSync(logs)) {
      const lines = fs.readFileSync(path.join(logs, file), 'utf8').split('\n');
      const renamed = lines.map((line) => (line.trim() === '' ? line : JSON.stringify(rename(JSON.parse(line)))));
      fs.writeFileSync(path.join(outLogs, file), renamed.join('\n'));
    }
    const profile = JSON.parse(fs.readFileSync(path.join(source, experiment, 'prof.json'), 'utf8'));
    fs.writeFileSync(path.join(target, experiment, 'prof.json'), JSON.stringify(rename(profile)));
  }
}
