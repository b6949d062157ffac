// Reads profdiff's text output the way a person reads it: the method sections' names, and the
// tree lines of every tree block, by the marker they start with. The browser tests compare
// the page with it (tests/browser/README.md).
//
// A tree block follows a heading ("Inlining tree matching", "Optimization tree matching",
// "Inlining tree", "Optimization tree"), or, for optimization-context trees, directly follows
// a compilation header ("Compilation unit|fragment ... in experiment N") that is not the first
// line of a pair ("... vs"). The block is every following line indented deeper than the
// heading (or header). Inside it, a line starting with "|_" opens a block of reasons or
// receiver types: it and the lines indented deeper than it are not tree nodes. "There are no
// differences" is not a node either. Every other line of the block is a node: in a delta tree
// ("... matching", or a context tree under a pair) its first two characters are the marker
// ". ", "+ ", "- " or "* "; in a printed tree (report, --diff-compilations=false) it has none.
// A label that holds a line break goes on over several lines: the lines that do not start as
// a node or a block can (see isStructural) are not counted. The tests check these counts
// against the nodes of the JSON stream, so a text this reading gets wrong fails loudly.

const HEADINGS = new Map([
  ['Inlining tree matching', true],
  ['Optimization tree matching', true],
  ['Inlining tree', false],
  ['Optimization tree', false],
]);

const MARKERS = { '.': 'identity', '+': 'insert', '-': 'delete', '*': 'relabel', '>': 'moved' };

function indentOf(line) {
  return /^ */.exec(line)[0].length;
}

// Lines that can follow a tree block; any other line that is not indented deeper than the
// block's heading continues the label of the node before it (labels may hold line breaks:
// property values are the log's strings).
function isStructural(body) {
  return body.startsWith('Method ') || HEADINGS.has(body) || isCompilationHeader(body) ||
      /^The .* trees are too big to compare$/.test(body) || body.startsWith('Warning: ');
}

function isCompilationHeader(text) {
  // A pair's second line may say that its share change is within sampling noise (JFR).
  return /^Compilation (unit|fragment) .* in experiment \d+( vs|, share change within sampling noise \(p [=<] [0-9.]+\))?$/.test(text);
}

export function parseTextOutput(text) {
  const lines = text.split('\n');
  const methods = [];
  const counts = { identity: 0, insert: 0, delete: 0, relabel: 0, moved: 0, node: 0 };
  let block = null;  // {base, delta, sub}: inside a tree block
  let pairPending = false;  // the previous line was the first line of a pair
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const indent = indentOf(line);
    const body = line.slice(indent);
    if (block !== null) {
      if (line === '' || (indent <= block.base && isStructural(body))) {
        block = null;
      } else if (indent <= block.base || (block.delta && !(body[0] in MARKERS && body[1] === ' ') &&
                                          !body.startsWith('|_') && block.sub === null)) {
        continue;  // the rest of a label that holds a line break
      } else {
        if (block.sub !== null && indent > block.sub) continue;
        block.sub = null;
        if (body.startsWith('|_')) {
          block.sub = indent;
          continue;
        }
        if (body === 'There are no differences') continue;
        if (!block.delta) {
          counts.node++;
          continue;
        }
        const op = MARKERS[body[0]];
        if (op === undefined || body[1] !== ' ') {
          throw new Error(`line ${i + 1}: a delta-tree line without a marker: ${line}`);
        }
        counts[op]++;
        continue;
      }
    }
    if (indent === 0 && body.startsWith('Method ')) {
      methods.push(body.slice('Method '.length)
          .replace(/,( share change)? within sampling noise \([^()]*\)$/, '')
          .replace(/ is hot only in experiment \d+$/, ''));
      continue;
    }
    if (HEADINGS.has(body)) {
      block = { base: indent, delta: HEADINGS.get(body), sub: null };
      pairPending = false;
      continue;
    }
    if (isCompilationHeader(body)) {
      if (body.endsWith(' vs')) {
        pairPending = true;
        continue;
      }
      const next = lines[i + 1] ?? '';
      const nextBody = next.slice(indentOf(next));
      const treeFollows = next !== '' && indentOf(next) > indent && !HEADINGS.has(nextBody) &&
          !/^The .* trees are too big to compare$/.test(nextBody);
      if (treeFollows) block = { base: indent, delta: pairPending, sub: null };
      pairPending = false;
      continue;
    }
    pairPending = false;
  }
  return { methods, counts };
}
