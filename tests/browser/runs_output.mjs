// Reads the text output of jit-vs-jit-runs (docs/runs.md) the way a person reads it: per method
// section, the lines of its stable and noise difference lists. The browser tests compare the
// page's difference lists with them (tests/browser/README.md).
//
// A method section starts with "Method <name>" at the left margin; its lines are indented by
// one level (4 spaces) and more. "Stable differences", "Noise differences" and "Unconfirmed
// differences" (one level in) open a list; the list is every following line indented deeper.
// Inside it, a line two levels in is a tree heading ("Inlining tree", ...), and a line of
// 3 + d levels is a context line (a call site or phase of a path) or a difference at depth d. A
// line starting with "|_" opens a block of reasons or receiver types: it and the lines indented
// deeper than it are not list lines. (Labels that hold a line break are not expected here: the
// generated data has none.)

const LIST_TITLES = new Map([
  ['Stable differences', 'stable'],
  ['Noise differences', 'noise'],
  ['Unconfirmed differences', 'noise'],
]);

function indentOf(line) {
  return /^ */.exec(line)[0].length;
}

// Returns [{name, stable: [line], noise: [line]}] in the text's order, a line being
// "H <heading>" or "<depth> <text>".
export function parseRunsTextOutput(text) {
  const methods = [];
  let method = null;
  let list = null;  // the lines of the open list
  let sub = null;  // the indentation of an open "|_" block
  for (const line of text.split('\n')) {
    const indent = indentOf(line);
    const body = line.slice(indent);
    if (line.startsWith('Method ')) {
      method = { name: line.slice('Method '.length), stable: [], noise: [] };
      methods.push(method);
      list = null;
      continue;
    }
    if (method === null) continue;
    if (indent === 0) {  // the end of the sections
      method = null;
      list = null;
      continue;
    }
    if (indent === 4) {
      list = LIST_TITLES.has(body) ? method[LIST_TITLES.get(body)] : null;
      sub = null;
      continue;
    }
    if (list === null) continue;
    if (sub !== null && indent > sub) continue;
    sub = null;
    if (body.startsWith('|_')) {
      sub = indent;
      continue;
    }
    if (indent === 8) list.push(`H ${body}`);
    else list.push(`${indent / 4 - 3} ${body}`);
  }
  return methods;
}
