// profdiff's HTML report (docs/html-report.md). Reads the records embedded in the page's JSON
// script elements (data-pd) and builds the page from them. Everything
// in the data came from the input: it only ever reaches the page as textContent, attribute
// values or element titles, never as markup.
(function () {
  'use strict';

  // Labels above this many tree nodes make opening everything ("Expand all") stop early.
  var EXPAND_ALL_NODE_BUDGET = 250000;
  // A method whose trees hold more nodes than this builds each pair's trees when the pair is
  // opened instead of when the method is.
  var METHOD_NODE_BUDGET = 30000;
  // Pairs with more nodes than this are laid out only when on screen (content-visibility).
  var BIG_ITEM_NODES = 500;
  // Deeper nodes are indented as at this depth and say their depth.
  var MAX_INDENT = 60;
  // Page op codes (src/output/html_piece.h) -> data-op values and text markers.
  var OPS = ['identity', 'identity', 'insert', 'delete', 'relabel'];
  var MARKS = { identity: '.', insert: '+', delete: '-', relabel: '*', moved: '>', node: '' };
  var MINUS = '\u2212';

  var S = [];  // strings
  var L = [];  // labels
  var R = [];  // records
  // Experiment IDs read from a HotSpot log: their shares are of JIT-compiled (C1, C2) code, not
  // Graal's (docs/hotspot.md).
  var JIT = {};
  var LLVM = {};  // experiments read from LLVM remarks: their shares are of the hotness
  var T = [];  // tree elements, in the order of the records that have trees
  // Per method, the compared pairs whose differences count ([method, [[id 1, id 2], ...]]): the
  // rule of the CI gate and the summary (docs/ci.md). null: a page without it, every pair counts.
  var C = null;
  var model = null;
  var ui = {};

  // ------------------------------------------------------------------------------------------
  // Small helpers.

  function el(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function add(parent, child) {
    parent.appendChild(child);
    return child;
  }

  function str(id) {
    if (id === -1 || id === null || id === undefined) return null;
    var s = S[id];
    return s === undefined ? '?' : s;
  }

  // A share (fraction of 1, or "NaN"/"Infinity") as the text prints it.
  function pct(share) {
    if (share === null || share === undefined) return '';
    if (typeof share !== 'number') return share;
    return (share * 100).toFixed(2);
  }

  function pad(text, width) {
    text = String(text);
    while (text.length < width) text = ' ' + text;
    return text;
  }

  function isNum(x) { return typeof x === 'number' && isFinite(x); }

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  // ------------------------------------------------------------------------------------------
  // Loading.

  function load() {
    var problems = [];
    var nodes = document.querySelectorAll('script[type="application/json"][data-pd]');
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i];
      var kind = node.getAttribute('data-pd');
      if (kind === 't') { T.push(node); continue; }
      var value;
      try {
        value = JSON.parse(node.textContent);
      } catch (e) {
        problems.push('a data element could not be read (the page was cut short?)');
        continue;
      }
      if (kind === 'defaults') { ui.defaults = value; continue; }
      if (kind === 'c') { C = (C || []).concat(value); continue; }
      var target = kind === 's' ? S : kind === 'l' ? L : kind === 'r' ? R : null;
      if (target === null) continue;
      for (var k = 0; k < value.length; k++) target.push(value[k]);
    }
    return problems;
  }

  function anchorOf(name, used) {
    var base = 'm:' + encodeURIComponent(name);
    var id = base;
    for (var n = 2; used[id]; n++) id = base + '~' + n;
    used[id] = true;
    return id;
  }

  function buildModel() {
    var m = { header: null, warnings: [], experiments: [], methods: [], end: null, error: null,
              orphans: [], omitted: 0, statistics: [], statisticsChanges: [], decisions: null,
              loops: null };
    var current = null;
    var trees = 0;
    var used = {};
    for (var i = 0; i < R.length; i++) {
      var r = R[i];
      switch (r.type) {
        case 'header': m.header = r; break;
        case 'warning': m.warnings.push(r.message); break;
        case 'experiment':
          m.experiments.push(r);
          if (r.hotspot && !r.run) JIT[r.experiment] = true;
          if (r.llvm && !r.run) LLVM[r.experiment] = true;
          break;
        case 'method':
          current = { rec: r, name: r.method, items: [], index: m.methods.length,
                      anchor: anchorOf(r.method, used) };
          // jit-vs-jit-runs: hotness across runs; its differences are its "trees".
          if (r.hotness) {
            current.runs = true;
            r.treeIndex = trees++;
          }
          m.methods.push(current);
          break;
        case 'pair':
        case 'compilation':
          r.treeIndex = trees++;
          (current ? current.items : m.orphans).push(r);
          break;
        case 'statistics': m.statistics.push(r); break;
        case 'statistics-change': m.statisticsChanges.push(r); break;
        case 'decisions': m.decisions = r; break;
        case 'loops': m.loops = r; break;
        case 'end': m.end = r; break;
        case 'error': m.error = r; break;
        default: break;  // a record type this page does not know
      }
    }
    var h = m.header || { command: '?', arguments: [], options: {} };
    m.command = h.command;
    m.options = h.options || {};
    m.report = h.command === 'report';
    m.runs = h.command === 'jit-vs-jit-runs' || m.methods.some(function (x) { return x.runs; });
    // Comparisons pair compilations up unless --diff-compilations=false.
    m.delta = !m.report && !m.runs && m.options['diff-compilations'] !== false;
    m.context = !!m.options['optimization-context-tree'];
    m.counted = null;
    if (C !== null) {
      m.counted = {};
      C.forEach(function (entry) {
        var keys = {};
        entry[1].forEach(function (ids) { keys[ids[0] + '\n' + ids[1]] = true; });
        m.counted[entry[0]] = keys;
      });
    }
    m.methods.forEach(function (method) { summarize(m, method); });
    m.experimentIds = [];
    m.methods.forEach(function (method) {
      (method.runs ? method.rec.hotness : method.rec.experiments).forEach(function (list) {
        if (m.experimentIds.indexOf(list.experiment) < 0) m.experimentIds.push(list.experiment);
      });
    });
    m.experimentIds.sort();
    return m;
  }

  function zeroCounts() { return { insert: 0, delete: 0, relabel: 0 }; }

  function addCounts(sum, tree) {
    if (!tree || !tree.counts) return;
    sum.insert += tree.counts.insert;
    sum.delete += tree.counts.delete;
    sum.relabel += tree.counts.relabel;
  }

  function summarize(m, method) {
    if (method.runs) { summarizeRuns(m, method); return; }
    method.shares = {};
    method.rec.experiments.forEach(function (list) {
      if (!list.profiled) { method.shares[list.experiment] = null; return; }
      // Its compilations that --tiers left out count too (docs/jfr.md).
      var sum = list.left_out_share || 0;
      list.compilations.forEach(function (c) {
        // A fragment has the period of the unit it was cut from: not the method's own time.
        if (!c.fragment && isNum(c.total_share)) sum += c.total_share;
      });
      method.shares[list.experiment] = sum;
      // JFR: the samples behind it, counted the same way (MethodRecordSamples).
      var sampled = isNum(list.left_out_samples), samples = list.left_out_samples || 0;
      list.compilations.forEach(function (c) {
        if (isNum(c.samples)) sampled = true;
        if (!c.fragment && isNum(c.samples)) samples += c.samples;
      });
      if (sampled) {
        method.samples = method.samples || {};
        method.samples[list.experiment] = samples;
      }
    });
    method.pairs = 0;
    method.compilations = 0;
    method.tooBig = 0;
    method.inlining = zeroCounts();
    method.optimization = zeroCounts();
    method.optimization_context = zeroCounts();
    method.nodes = 0;
    // With several compilations on a side, only the pairs of the one-to-one pairing count.
    var counted = m.counted ? m.counted[method.name] || {} : null;
    method.countedPairs = 0;
    method.items.forEach(function (item) {
      if (item.type === 'pair') method.pairs++; else method.compilations++;
      item.counted = item.type !== 'pair' || counted === null ||
          counted[item.compilations[0].id + '\n' + item.compilations[1].id] === true;
      if (item.type === 'pair' && item.counted) method.countedPairs++;
      ['inlining', 'optimization', 'optimization_context'].forEach(function (k) {
        if (!item[k] || !item.counted) return;
        if (item[k].too_big && !item[k].identical) method.tooBig++;
        addCounts(method[k], item[k]);
      });
      var t = T[item.treeIndex];
      item.nodes = 0;
      if (t) {
        item.nodes = Number(t.getAttribute('data-nodes')) || 0;
        if (t.hasAttribute('data-omitted')) m.omitted++;
      }
      method.nodes += item.nodes;
    });
    function total(c) { return c.insert + c.delete + c.relabel; }
    method.differences = total(method.inlining) + total(method.optimization) +
        total(method.optimization_context);
    var best = 0;
    for (var e in method.shares) if (isNum(method.shares[e]) && method.shares[e] > best) best = method.shares[e];
    method.maxShare = best;
  }

  // ------------------------------------------------------------------------------------------
  // Header: command, options, experiments, warnings.

  function renderHeader(app, m) {
    var h = m.header || {};
    document.title = 'profdiff ' + (h.command || '');
    add(app, el('h1', null, 'profdiff ' + (h.command || '')));
    var meta = add(app, el('div', 'meta'));
    if (h.arguments && h.arguments.length) add(meta, el('div', 'args', h.arguments.join('  ')));
    var changed = add(meta, el('div', 'options'));
    var defaults = ui.defaults || {};
    var any = false;
    Object.keys(m.options).forEach(function (k) {
      if (k === 'format' || !(k in defaults) || defaults[k] === m.options[k]) return;
      add(changed, el('span', null, '--' + k + '=' + String(m.options[k])));
      any = true;
    });
    if (!any) add(changed, el('span', 'muted', 'default options'));
    if (m.error) add(app, el('div', 'banner error', 'The run failed: ' + m.error.message));
    else if (!m.end) add(app, el('div', 'banner cut',
        'The output was cut short: this page shows what was written before it stopped.'));
    if (ui.problems.length) add(app, el('div', 'banner cut', ui.problems[0]));
    if (m.omitted) {
      add(app, el('div', 'banner cut', 'The page reached its size budget: the trees of ' + m.omitted +
          ' pairs or compilations are left out (they stay listed, with their counts). The text ' +
          '(--format=text) and JSON (--format=json) outputs hold everything.'));
    }

    if (m.experiments.length) {
      var box = add(app, el('div', 'experiments'));
      var runs = m.experiments.filter(function (x) { return x.run; });
      if (runs.length) renderRuns(box, runs);
      m.experiments.forEach(function (x) { if (!x.run) renderExperiment(box, x); });
    }
    if (m.warnings.length) {
      var w = add(app, el('details', 'warnings'));
      add(w, el('summary', null, plural(m.warnings.length, 'warning')));
      var ul = add(w, el('ul'));
      m.warnings.forEach(function (text) { add(ul, el('li', null, 'Warning: ' + text)); });
    }
    if (m.end) {
      var d = m.end.differences || {};
      var parts = [plural(m.end.methods, 'method')];
      if (m.end.pairs) parts.push(plural(m.end.pairs, 'compared pair'));
      if (m.end.compilations) parts.push(plural(m.end.compilations, 'compilation'));
      if (m.end.too_big) parts.push(plural(m.end.too_big, 'tree') + ' too big to compare');
      if (m.end.runs) {
        var runs = m.end.runs;
        parts = [plural(m.end.methods, 'method'), runs.compared + ' compared',
                 plural(m.end.pairs, 'pair') + ' of runs matched',
                 plural(runs.stable, 'stable difference'),
                 plural(runs.noise, 'noise difference') + ' (or unconfirmed)',
                 plural(runs.share_changes, 'share change') + ' beyond the noise'];
      }
      var p = add(app, el('p', 'muted', parts.join(', ')));
      if (m.delta || m.end.runs) {
        ['inlining', 'optimization', 'optimization_context'].forEach(function (k) {
          var c = d[k];
          if (!c || c.insert + c.delete + c.relabel === 0) return;
          p.appendChild(document.createTextNode('; ' + k.replace('_', '-') + ' '));
          p.appendChild(countsSpan(c));
        });
      }
    }
  }

  // ------------------------------------------------------------------------------------------
  // Statistics (stats, docs/statistics.md): a table per scope, hot code first as in the text.

  function scopeTitle(scope, hotOnlyIn) {
    var title = scope === 'all' ? 'All compilation units'
        : scope === 'hot' ? 'Hot compilation units'
        : 'Hot compilation units of ' + scope.method;
    if (hotOnlyIn) title += ' (hot only in experiment ' + hotOnlyIn + ')';
    return title;
  }

  function statValue(v) {
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(4);
    return String(v);  // "NaN", "Infinity": a share or ratio of nothing
  }

  // A statistics record's figures as [metric, key, value] rows, in the record's order.
  function statisticsRows(r) {
    var rows = [];
    function walk(prefix, value) {
      Object.keys(value).forEach(function (k) {
        var v = value[k];
        if (v !== null && typeof v === 'object') {
          Object.keys(v).forEach(function (key) {
            var inner = v[key];
            if (inner !== null && typeof inner === 'object') walk(prefix + k + '.' + key + '.', inner);
            else rows.push([prefix + k, key, inner]);
          });
        } else {
          rows.push([prefix + k, null, v]);
        }
      });
    }
    var figures = {};
    Object.keys(r).forEach(function (k) {
      if (k !== 'type' && k !== 'experiment' && k !== 'scope') figures[k] = r[k];
    });
    walk('', figures);
    return rows;
  }

  function statisticsTable(parent, columns, rows) {
    var table = add(parent, el('table', 'statistics'));
    var head = add(add(table, el('thead')), el('tr'));
    columns.forEach(function (c) { add(head, el('th', null, c)); });
    var body = add(table, el('tbody'));
    rows.forEach(function (row) {
      var tr = add(body, el('tr'));
      row.forEach(function (v, i) { add(tr, el('td', i >= 2 ? 'num' : null, statValue(v))); });
    });
  }

  function renderStatistics(app, m) {
    if (!m.statistics.length && !m.statisticsChanges.length) return;
    var box = add(app, el('div', 'statistics-scopes'));
    add(box, el('h2', null, m.statisticsChanges.length ? 'Changes' : 'Statistics'));
    m.statisticsChanges.forEach(function (r) {
      var d = add(box, el('details', 'statistics-scope'));
      d.open = r.scope === 'hot';
      add(d, el('summary', null, scopeTitle(r.scope, r.hot_only_in)));
      statisticsTable(d, ['Figure', 'Key', 'Experiment 1', 'Experiment 2', 'Change', 'Relative'],
          r.rows.map(function (row) {
            return [row.metric, row.key, row.value_1, row.value_2, row.change, row.relative_change];
          }));
    });
    m.statistics.forEach(function (r) {
      var d = add(box, el('details', 'statistics-scope'));
      d.open = r.scope === 'hot';
      add(d, el('summary', null, 'Experiment ' + r.experiment + ': ' + scopeTitle(r.scope, 0)));
      statisticsTable(d, ['Figure', 'Key', 'Value'], statisticsRows(r));
    });
  }

  // --decisions (docs/decisions-view.md): the inlining rates, the transition table and the
  // changed call sites, each linking to its pair.
  function decisionSide(kind, reason) {
    if (!kind) return 'absent';
    return reason ? kind + ' (' + reason + ')' : kind;
  }

  // The callee's bytecode size as the text shows it (docs/decisions-view.md): one size when the
  // sides agree or one is absent, both when they differ ('?' for one unknown), '–' for none.
  function bytecodeSize(site) {
    var before = site.before && site.before.bytecode_size != null ? site.before.bytecode_size : null;
    var after = site.after && site.after.bytecode_size != null ? site.after.bytecode_size : null;
    if (before === null && after === null) return '\u2013';
    if (!site.before || !site.after || before === after) return String(before !== null ? before : after);
    return (before === null ? '?' : before) + ' \u2192 ' + (after === null ? '?' : after);
  }

  function siteLink(m, site) {
    var x = null;
    for (var i = 0; i < m.methods.length; i++) {
      if (m.methods[i].rec.index === site.index && m.methods[i].name === site.method) {
        x = m.methods[i];
        break;
      }
    }
    if (!x) return null;
    for (var k = 0; k < x.items.length; k++) {
      var item = x.items[k];
      if (item.type === 'pair' && item.compilations[0].id === site.compilations[0] &&
          item.compilations[1].id === site.compilations[1]) {
        return '#' + itemAnchor(x, item);
      }
    }
    return '#' + x.anchor;
  }

  function siteTable(parent, m, sites) {
    var table = add(parent, el('table', 'statistics decision-sites'));
    var head = add(add(table, el('thead')), el('tr'));
    ['Share', 'Callee', 'Bci', 'Caller', 'Experiment 1', 'Experiment 2', 'Reasons 1', 'Reasons 2',
     'Bytecode size', 'Pair'].forEach(function (c) { add(head, el('th', null, c)); });
    var body = add(table, el('tbody'));
    sites.forEach(function (site) {
      var tr = add(body, el('tr'));
      // JFR: the samples behind the share, and whether its change may be chance (as the text).
      var share = add(tr, el('td', 'num', site.share === null ? '\u2013' : pct(site.share) + '%' +
          (isNum(site.samples) ? ' (' + site.samples + ')' : '')));
      noiseBadge(share, site);
      var callee = add(tr, el('td', null, site.callee === null ? '(unknown)' : site.callee));
      callee.title = site.path.map(function (p) {
        return (p.method === null ? '(unknown)' : p.method) + ' at bci ' + p.bci;
      }).join(' \u203A ');
      // A call that moved with the code: where it is in experiment 2 too.
      var moved = site.before && site.after && site.after.bci != null && site.after.bci !== site.bci;
      add(tr, el('td', 'num', moved ? site.bci + ' \u2192 ' + site.after.bci : site.bci));
      add(tr, el('td', null, site.caller === null ? '(unknown)' : site.caller));
      [site.before, site.after].forEach(function (side) {
        add(tr, el('td', null, side ? side.kind : 'absent'));
      });
      [site.before, site.after].forEach(function (side) {
        add(tr, el('td', 'reasons', side ? side.reasons.join('; ') : ''));
      });
      add(tr, el('td', 'num', bytecodeSize(site)));
      var cell = add(tr, el('td'));
      var href = siteLink(m, site);
      if (href) {
        var a = add(cell, el('a', null, site.compilations[0] + ' vs ' + site.compilations[1]));
        a.href = href;
      }
    });
  }

  function renderDecisions(app, m) {
    var r = m.decisions;
    if (!r) return;
    var box = add(app, el('div', 'decisions'));
    box.id = 'decisions';
    add(box, el('h2', null, 'Decisions: the call sites whose inlining decision changed'));
    // Hot methods when an experiment has a profile, else compiled ones (as the text says them).
    var profiled = m.experiments.some(function (x) { return x.profile; });
    add(box, el('p', null, plural(r.pairs, 'compared pair') + ' of ' +
        plural(r.methods, profiled ? 'hot method' : 'compiled method') +
        (r.too_big ? ' (' + r.too_big + ' too big to compare)' : '')));
    function rate(part, whole) { return whole > 0 ? part / whole : null; }
    function rateRow(title, key1, key2) {
      var a = rate(r.rates[0][key1], r.rates[0][key2]);
      var b = rate(r.rates[1][key1], r.rates[1][key2]);
      return [title, '', a === null ? 'n/a' : pct(a) + '%', b === null ? 'n/a' : pct(b) + '%',
              a === null || b === null ? 'n/a' : ((b - a) * 100 >= 0 ? '+' : '') + ((b - a) * 100).toFixed(2)];
    }
    statisticsTable(box, ['Inlining rate', '', 'Experiment 1', 'Experiment 2', 'Change (points)'], [
      rateRow('inlined call sites / all call sites', 'inlined', 'call_sites'),
      // LLVM remarks' shares are of the profile's counts (docs/llvm.md), as the text says.
      rateRow(m.experiments.some(function (x) { return x.llvm; }) ? 'weighted by hotness share'
                                                                 : 'weighted by execution share',
              'weighted_inlined', 'weighted_call_sites')]);
    if (r.runs_rate) {
      // jit-vs-jit-runs: whether each rate's change is beyond the runs' own variation.
      var varies = function (rates) { return rates.some(function (x) { return x !== rates[0]; }); };
      [['Change', r.runs_rate.rates, r.runs_rate.change],
       ['Weighted change', r.runs_rate.weighted_rates, r.runs_rate.weighted_change]].forEach(function (c) {
        add(box, el('p', 'rate-change', c[0] + ' over ' + plural(c[1][0].length, 'run') + ' and ' +
            plural(c[1][1].length, 'run') + ': ' + changeVerdict(c[2], !varies(c[1][0]) && !varies(c[1][1]))));
      });
    }
    var transitions = add(box, el('table', 'statistics decision-transitions'));
    var head = add(add(transitions, el('thead')), el('tr'));
    ['Before', 'After', 'Call sites', 'Methods', 'Share'].forEach(function (c) { add(head, el('th', null, c)); });
    var body = add(transitions, el('tbody'));
    r.transitions.forEach(function (t) {
      var tr = add(body, el('tr'));
      add(tr, el('td', null, t.before ? decisionSide(t.before.kind, t.before.reason) : 'absent'));
      add(tr, el('td', null, t.after ? decisionSide(t.after.kind, t.after.reason) : 'absent'));
      add(tr, el('td', 'num', t.call_sites));
      add(tr, el('td', 'num', t.methods));
      add(tr, el('td', 'num', t.share === null ? '\u2013' : pct(t.share) + '%' +
          (isNum(t.samples) ? ' (' + t.samples + ')' : '')));
    });
    var changes = add(box, el('details', 'statistics-scope'));
    changes.open = true;
    add(changes, el('summary', null, 'Call sites whose kind changed (' + r.changes.length + ')'));
    siteTable(changes, m, r.changes);
    var reasons = add(box, el('details', 'statistics-scope'));
    add(reasons, el('summary', null, 'Reasons changed, the kind the same (' + r.reason_changes.length + ')'));
    siteTable(reasons, m, r.reason_changes);
    if (r.moved && r.moved.length) {  // --show-moved
      var moved = add(box, el('details', 'statistics-scope'));
      moved.setAttribute('data-moved', '');
      add(moved, el('summary', null, 'Moved with the code, the decision the same (' + r.moved.length + ')'));
      siteTable(moved, m, r.moved);
    }
  }

  // --decisions on LLVM remarks (docs/llvm.md "The loop view"): the loops whose vectorization
  // changed, each linking to its pair, as the text lists them.
  function loopSide(side) {
    if (side.vectorized.length === 0) return side.remarked ? 'not vectorized' : 'no remark';
    return 'vectorized ' + side.vectorized.map(function (v) {
      return v.width + 'x' + v.interleave;
    }).join(', ');
  }

  function renderLoops(app, m) {
    var r = m.loops;
    if (!r) return;
    var box = add(app, el('div', 'decisions'));
    box.id = 'loops';
    add(box, el('h2', null, 'Loops: the loops whose vectorization changed'));
    var profiled = m.experiments.some(function (x) { return x.profile; });
    var count = { stopped: 0, started: 0, changed: 0 };
    r.loops.forEach(function (loop) { count[loop.change]++; });
    add(box, el('p', null, plural(r.pairs, 'compared pair') + ' of ' +
        plural(r.methods, profiled ? 'hot method' : 'compiled method') +
        '. Vectorized loops (loop-vectorize; width x interleave count): ' + count.stopped +
        ' stopped, ' + count.started + ' started, ' + count.changed +
        ' changed width or interleave count.'));
    var table = add(box, el('table', 'statistics loop-changes'));
    var head = add(add(table, el('thead')), el('tr'));
    ['Share', 'Function', 'Bci', 'Method', 'Experiment 1', 'Experiment 2', 'Reasons 1',
     'Reasons 2', 'Pair'].forEach(function (c) { add(head, el('th', null, c)); });
    var body = add(table, el('tbody'));
    r.loops.forEach(function (loop) {
      var tr = add(body, el('tr'));
      add(tr, el('td', 'num', loop.share === null ? '\u2013' : pct(loop.share) + '%'));
      var innermost = loop.position.length ? loop.position[0] : { method: '(unknown)', bci: -1 };
      var fn = add(tr, el('td', null, innermost.method));
      fn.title = loop.position.map(function (p) { return p.method + ' at bci ' + p.bci; }).join(' \u2039 ');
      add(tr, el('td', 'num', innermost.bci));
      add(tr, el('td', null, loop.method));
      add(tr, el('td', null, loopSide(loop.before)));
      add(tr, el('td', null, loopSide(loop.after)));
      add(tr, el('td', 'reasons', loop.before.reasons.join('; ')));
      add(tr, el('td', 'reasons', loop.after.reasons.join('; ')));
      var cell = add(tr, el('td'));
      var href = siteLink(m, loop);
      if (href) {
        var a = add(cell, el('a', null, loop.compilations[0] + ' vs ' + loop.compilations[1]));
        a.href = href;
      }
    });
  }

  // jit-vs-jit-runs: a table of each experiment's runs, as the text's, each run's top methods
  // folded below it.
  function renderRuns(box, runs) {
    var ids = [];
    runs.forEach(function (x) { if (ids.indexOf(x.experiment) < 0) ids.push(x.experiment); });
    ids.forEach(function (id) {
      var mine = runs.filter(function (x) { return x.experiment === id; });
      var div = add(box, el('div', 'experiment'));
      var title = 'Experiment ' + id;
      if (mine[0].kind) title += ' (' + mine[0].kind.toUpperCase() + ')';
      add(div, el('h3', null, title + ', ' + plural(mine[0].run.count, 'run')));
      if (mine[0].hotspot) {
        add(div, el('p', null, 'HotSpot compilation logs: ' + mine[0].hotspot.kept + ' kept' +
            (mine[0].hotspot.without_profile === null ? '' :
             '; no profiles: ' + mine[0].hotspot.without_profile)));
      }
      var table = add(div, el('table', 'top runs'));
      var tr = add(add(table, el('thead')), el('tr'));
      // The period column's unit is the first run's, as in the text (docs/jfr.md).
      var sampled = !!(mine[0].profile && mine[0].profile.source === 'jfr');
      ['Run', 'Execution ID', 'Units', 'Hot units', 'Hot share', mine[0].hotspot ? 'JIT share' : 'Graal share',
       sampled ? 'Sampled (s)' : 'Cycles (10^9)'].concat(sampled ? ['Samples', 'Inputs'] : ['Inputs'])
          .forEach(function (t) { add(tr, el('th', null, t)); });
      var tb = add(table, el('tbody'));
      // A JFR recording's shares say their samples, as the text does (docs/jfr.md).
      function withSamples(share, n) { return pct(share) + '%' + (isNum(n) ? ' (' + n + ')' : ''); }
      mine.forEach(function (x) {
        var p = x.profile;
        var row = add(tb, el('tr'));
        [x.run.index, p && p.execution_id !== null ? p.execution_id : '-', x.units,
         p ? p.hot_units : '-', p ? withSamples(p.hot_share, p.hot_samples) : '-',
         p ? withSamples(p.graal_share, p.graal_samples) : '-',
         p ? (p.total_period / 1e9).toFixed(2) +
             ((p.source === 'jfr') === sampled ? '' : p.source === 'jfr' ? ' s' : ' Gcycles') : '-']
            .concat(sampled ? [p && p.source === 'jfr' ? String(p.samples) : '-'] : [])
            .forEach(function (v) { add(row, el('td', null, v)); });
        var inputs = x.run.log + (x.run.profile ? ' ' + x.run.profile : '');
        add(row, el('td', 'mono', inputs)).title = inputs;
        if (p && p.left_out_period && x.hotspot) {  // as the text, under the run's row
          add(add(tb, el('tr')), el('td', 'muted', 'Run ' + x.run.index + ': ' + pct(p.left_out_share) +
              '% of execution' + samplesNote(p.left_out_samples) + ' is in compilations that --tiers=' + x.hotspot.tiers +
              ' leaves out; --tiers=all shows them')).colSpan = sampled ? 9 : 8;
        }
      });
      mine.forEach(function (x) {
        if (!x.profile) return;
        var det = add(div, el('details'));
        add(det, el('summary', null, 'Top methods of run ' + x.run.index));
        topMethods(det, x.profile);
      });
    });
  }

  function renderExperiment(box, x) {
    var div = add(box, el('div', 'experiment'));
    var title = 'Experiment ' + x.experiment;
    if (x.profile && x.profile.execution_id !== null) title += ' with execution ID ' + x.profile.execution_id;
    if (x.kind) title += ' (' + x.kind.toUpperCase() + ')';
    add(div, el('h3', null, title));
    var ul = add(div, el('ul'));
    add(ul, el('li', null, 'Collected optimization logs for ' + x.units + ' compilation units'));
    var h = x.hotspot;
    if (h) {
      add(ul, el('li', null, 'HotSpot compilation log' + (h.vm_version ? ' of ' + h.vm_version : '') +
          ': ' + h.tasks + ' tasks, ' + h.failed_tasks + ' failed; ' + h.kept_units +
          ' units kept, ' + h.kept));
      if (h.without_profile !== null) add(ul, el('li', null, 'No profile: ' + h.without_profile));
    }
    var p = x.profile;
    var l = x.llvm;
    if (l) {  // as the text says it (docs/llvm.md)
      add(ul, el('li', null, 'LLVM optimization remarks: ' + l.remarks + ' remarks in ' + l.files +
          (l.files === 1 ? ' file' : ' files')));
      if (l.without_profile !== null) {
        add(ul, el('li', null, 'No Hotness in the remarks (built without a profile): ' + l.without_profile));
        return;
      }
      add(ul, el('li', null, "Hotness: each function's largest remark Hotness, an execution count " +
          "of the build's profile (-fprofile-instr-use or -fprofile-sample-use)"));
      if (p) {
        add(ul, el('li', null, p.hot_units + ' hot functions account for ' + pct(p.hot_share) +
            '% of the hotness'));
      }
      return;
    }
    if (!p) return;
    var jfr = p.source === 'jfr';
    add(ul, el('li', null, jfr
        ? 'Collected JFR data for ' + p.code_units + ' compilation units from ' + p.samples +
          ' execution samples (hotness is sampled time)'
        : 'Collected proftool data for ' + p.code_units + ' compilation units'));
    add(ul, el('li', null, (h ? 'JIT' : 'Graal') + '-compiled methods account for ' +
        pct(p.graal_share) + '% of execution' + samplesNote(p.graal_samples)));
    if (h && p.left_out_period) {
      add(ul, el('li', null, pct(p.left_out_share) + '% of execution' + samplesNote(p.left_out_samples) +
          ' is in compilations that --tiers=' +
          h.tiers + ' leaves out; --tiers=all shows them'));
    }
    add(ul, el('li', null, p.hot_units + ' hot compilation units account for ' + pct(p.hot_share) +
        '% of execution' + samplesNote(p.hot_samples)));
    add(ul, el('li', null, (p.total_period / 1e9).toFixed(2) +
        (jfr ? ' seconds sampled total' : ' billion cycles total')));
    var det = add(div, el('details'));
    det.open = true;
    add(det, el('summary', null, 'Top methods'));
    topMethods(det, p);
  }

  // A JFR profile's samples behind a share (docs/jfr.md "How sure is a share"), as the text says
  // them: '' when unknown (proftool's cycles).
  function samplesNote(n) {
    return isNum(n) ? ' (' + plural(n, 'sample') + ')' : '';
  }

  function topMethods(det, p) {
    var jfr = p.source === 'jfr';
    var table = add(det, el('table', 'top'));
    var tr = add(add(table, el('thead')), el('tr'));
    (jfr ? ['Execution', 'Seconds', 'Samples', 'Level', 'ID', 'Method']
         : ['Execution', 'Cycles', 'Level', 'ID', 'Method']).forEach(function (t) { add(tr, el('th', null, t)); });
    var tb = add(table, el('tbody'));
    p.top_methods.forEach(function (t) {
      var row = add(tb, el('tr'));
      add(row, el('td', null, pct(t.share) + '%'));
      add(row, el('td', null, (t.period / 1e9).toFixed(2)));
      if (jfr) add(row, el('td', null, isNum(t.samples) ? String(t.samples) : '\u2013'));
      add(row, el('td', null, t.level === null ? '' : t.level));
      add(row, el('td', null, t.compile_id === null ? '' : t.compile_id));
      add(row, el('td', 'mono', t.name)).title = t.name;
    });
  }

  function countsSpan(c) {
    var span = el('span', 'counts');
    add(span, el('span', 'ins', '+' + c.insert));
    span.appendChild(document.createTextNode(' '));
    add(span, el('span', 'del', MINUS + c.delete));
    span.appendChild(document.createTextNode(' '));
    add(span, el('span', 'rel', '*' + c.relabel));
    return span;
  }

  // ------------------------------------------------------------------------------------------
  // The method table.

  function runsColumns(m) {
    var cols = [
      { key: 'index', title: '#', value: function (x) { return x.index + 1; } },
      { key: 'method', title: 'Method', text: true, value: function (x) { return x.name; } },
    ];
    m.experimentIds.forEach(function (e) {
      cols.push({ key: 'hot' + e, title: 'Hot runs', group: 'experiment ' + e,
                  value: function (x) { return hotnessOf(x, e).hot_runs; },
                  show: function (x) { var h = hotnessOf(x, e); return h.hot_runs + '/' + h.runs; } });
      cols.push({ key: 'share' + e, title: 'Mean share', group: 'experiment ' + e,
                  value: function (x) { var s = x.shares[e]; return isNum(s) ? s : -1; },
                  show: function (x) { var s = x.shares[e]; return isNum(s) ? pct(s) + '%' : '\u2013'; } });
    });
    cols.push({ key: 'change', title: 'Change', group: 'share, points',
                value: function (x) { var d = x.rec.share_change.difference; return isNum(d) ? d : 0; },
                show: function (x) {
                  var d = x.rec.share_change.difference;
                  if (!isNum(d)) return '\u2013';
                  var t = fixed(d * 100);
                  return (d >= 0 && t.charAt(0) !== '-' ? '+' : '') + t;
                },
                cls: function (x) { return x.rec.share_change.beyond_noise ? 'rel' : 'zero'; } });
    cols.push({ key: 'stable', title: 'Stable', group: 'differences',
                value: function (x) { return x.stable; },
                show: function (x) { return x.stable < 0 ? '\u2013' : String(x.stable); },
                cls: function (x) { return x.stable > 0 ? 'rel' : 'zero'; } });
    cols.push({ key: 'noise', title: 'Noise', group: 'differences',
                value: function (x) { return x.noise; },
                show: function (x) { return x.noise < 0 ? '\u2013' : String(x.noise); },
                cls: function () { return 'zero'; } });
    return cols;
  }

  function hotnessOf(x, e) {
    for (var i = 0; i < x.rec.hotness.length; i++) if (x.rec.hotness[i].experiment === e) return x.rec.hotness[i];
    return { hot_runs: 0, runs: 0 };
  }

  function columns(m) {
    if (m.runs) return runsColumns(m);
    var cols = [
      { key: 'index', title: '#', value: function (x) { return x.index + 1; } },
      { key: 'method', title: 'Method', text: true, value: function (x) { return x.name; } },
    ];
    m.experimentIds.forEach(function (e) {
      cols.push({ key: 'share' + e, title: m.experimentIds.length > 1 ? 'Share ' + e : 'Share',
                  group: 'experiment ' + e,
                  value: function (x) { var s = x.shares[e]; return isNum(s) ? s : -1; },
                  show: function (x) {
                    var s = x.shares[e];
                    if (!isNum(s)) return '\u2013';
                    return pct(s) + '%' + (x.samples && isNum(x.samples[e]) ? ' (' + x.samples[e] + ')' : '');
                  } });
    });
    if (m.delta) {
      cols.push({ key: 'pairs', title: 'Pairs', value: function (x) { return x.pairs; } });
      var kinds = m.context ? [['optimization_context', 'context']]
                            : [['inlining', 'inlining'], ['optimization', 'optimization']];
      kinds.forEach(function (k) {
        [['insert', '+', 'ins'], ['delete', MINUS, 'del'], ['relabel', '*', 'rel']].forEach(function (op) {
          cols.push({ key: k[0] + '.' + op[0], title: op[1], group: k[1], cls: op[2],
                      value: function (x) { return x[k[0]][op[0]]; } });
        });
      });
    } else {
      cols.push({ key: 'compilations', title: 'Compilations',
                  value: function (x) { return x.compilations; } });
    }
    return cols;
  }

  // Methods with differences first, then in the text's order (most executed first).
  function defaultOrder(a, b) {
    // jit-vs-jit-runs: as the records come (compared methods first, the most executed first).
    if (a.runs || b.runs) return a.index - b.index;
    var da = a.differences > 0 ? 1 : 0;
    var db = b.differences > 0 ? 1 : 0;
    if (da !== db) return db - da;
    return a.index - b.index;
  }

  function renderTable(app, m) {
    var wrap = add(app, el('div', 'table-wrap'));
    var table = add(wrap, el('table'));
    table.id = 'methods';
    var cols = columns(m);
    var tr = add(add(table, el('thead')), el('tr'));
    cols.forEach(function (c) {
      var th = add(tr, el('th', c.text ? 'text' : null));
      if (c.group) add(th, el('span', 'group', c.group));
      th.appendChild(document.createTextNode(c.title));
      th.setAttribute('data-key', c.key);
      th.title = 'Sort by this column';
      th.addEventListener('click', function () { sortBy(c, th); });
    });
    var tbody = add(table, el('tbody'));
    m.methods.forEach(function (x) {
      var row = el('tr');
      row.setAttribute('data-index', String(x.index));
      cols.forEach(function (c) {
        var td = add(row, el('td', c.text ? 'text' : null));
        if (c.key === 'method') {
          var a = add(td, el('a', 'mono', x.name));
          a.href = '#' + x.anchor;
          if (x.rec.hot_only_in) add(td, el('span', 'badge', 'hot only in ' + x.rec.hot_only_in));
          noiseBadge(td, x.rec);
          if (x.tooBig) add(td, el('span', 'badge', x.tooBig + ' too big'));
          if (x.runs && !x.rec.compared) add(td, el('span', 'badge same', 'not compared'));
          if (x.runs && x.rec.unconfirmed) add(td, el('span', 'badge', 'unconfirmed'));
          return;
        }
        var v = c.value(x);
        td.textContent = c.show ? c.show(x) : String(v);
        if (typeof c.cls === 'function') td.className = c.cls(x);
        else if (c.cls) td.className = v ? c.cls : 'zero';
      });
      x.row = row;
    });
    ui.tbody = tbody;
    ui.sort = { key: null, ascending: true };
    ui.ordered = m.methods.slice().sort(defaultOrder);
    ui.ordered.forEach(function (x) { tbody.appendChild(x.row); });
  }

  function sortBy(c, th) {
    var ascending;
    if (ui.sort.key === c.key) ascending = !ui.sort.ascending;
    else ascending = !!c.text || c.key === 'index';
    ui.sort = { key: c.key, ascending: ascending };
    var list = model.methods.slice();
    list.sort(function (a, b) {
      var va = c.value(a);
      var vb = c.value(b);
      var r = c.text ? (va < vb ? -1 : va > vb ? 1 : 0) : va - vb;
      if (!ascending) r = -r;
      return r !== 0 ? r : a.index - b.index;
    });
    var heads = th.parentNode.children;
    for (var i = 0; i < heads.length; i++) heads[i].removeAttribute('aria-sort');
    th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    list.forEach(function (x) { ui.tbody.appendChild(x.row); });
  }

  // ------------------------------------------------------------------------------------------
  // Method sections.

  function renderSections(app, m) {
    var main = add(app, el('main'));
    main.id = 'sections';
    m.methods.forEach(function (x) {
      var section = add(main, el('section', 'method'));
      section.id = x.anchor;
      section.setAttribute('data-method', x.name);
      var head = add(section, el('header'));
      head.tabIndex = 0;
      head.setAttribute('role', 'button');
      head.setAttribute('aria-expanded', 'false');
      head.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          setOpen(x, !x.open);
        }
      });
      x.toggle = add(head, el('span', 'toggle', '\u25B8'));
      add(head, el('span', 'name', x.name));
      if (x.rec.hot_only_in) add(head, el('span', 'badge', 'hot only in experiment ' + x.rec.hot_only_in));
      noiseBadge(head, x.rec);
      var summary = add(head, el('span', 'summary'));
      if (x.runs) {
        if (x.rec.share_change.beyond_noise) add(head, el('span', 'badge', 'share changed'));
        if (!x.rec.compared) summary.textContent = 'not compared';
        else {
          summary.textContent = (x.rec.unconfirmed ? 'unconfirmed: ' : '') + x.stable + ' stable, ' +
              x.noise + ' ' + (x.rec.unconfirmed ? 'unconfirmed' : 'noise');
        }
      } else if (m.delta) {
        summary.appendChild(document.createTextNode(plural(x.pairs, 'pair') +
            (x.countedPairs < x.pairs ? ' (' + x.countedPairs + ' counted)' : '') + ' '));
        var sum = zeroCounts();
        addCounts(sum, { counts: x.inlining });
        addCounts(sum, { counts: x.optimization });
        addCounts(sum, { counts: x.optimization_context });
        summary.appendChild(countsSpan(sum));
      } else {
        summary.textContent = plural(x.compilations, 'compilation');
      }
      var link = add(head, el('a', 'anchor', '#'));
      link.href = '#' + x.anchor;
      link.title = 'Link to this method';
      head.addEventListener('click', function (event) {
        if (event.target === link) return;
        setOpen(x, !x.open);
      });
      x.section = section;
      x.head = head;
      x.body = add(section, el('div', 'body'));
      x.body.hidden = true;
      x.open = false;
      x.built = false;
    });
  }

  function setOpen(x, open) {
    if (open && !x.built) buildMethod(x);
    x.open = open;
    x.body.hidden = !open;
    x.toggle.textContent = open ? '\u25BE' : '\u25B8';
    x.head.setAttribute('aria-expanded', String(open));
  }

  // docs/jfr.md "How sure is a share": a badge after a method or pair (a record with the test)
  // whose share change between two JFR recordings is within sampling noise, so may be chance.
  function noiseBadge(parent, rec) {
    if (rec.within_noise !== true) return;
    var noise = add(parent, el('span', 'badge same', '~ sampling noise'));
    noise.setAttribute('data-noise', 'within');
    noise.title = 'The share change is within sampling noise: exact binomial test of the ' +
        'JFR samples, p = ' + rec.noise_p.toFixed(4) + ' (>= 0.05)';
  }

  function compilationTitle(c) {
    var t = 'Compilation ' + (c.fragment ? 'fragment ' : 'unit ') + c.id;
    if (c.multi_method_key !== null && c.multi_method_key !== undefined) t += ' of multi-method ' + c.multi_method_key;
    if (c.period !== null && LLVM[c.experiment]) {
      t += ' has ' + pct(c.total_share) + '% of the hotness';
    } else if (c.period !== null) {
      t += ' consumed ' + pct(c.graal_share) + '% of ' + (JIT[c.experiment] ? 'JIT-compiled' : 'Graal') +
          ' execution, ' + pct(c.total_share) + '% of total' + samplesNote(c.samples);
    }
    return t + ' in experiment ' + c.experiment;
  }

  function renderCompilationList(parent, list) {
    var div = add(parent, el('div', 'clist'));
    add(div, el('h3', null, 'In experiment ' + list.experiment));
    if (list.name_in_log) add(div, el('div', 'muted', 'Named in the log ' + list.name_in_log));
    if (!list.compilations.length) { add(div, el('div', 'muted', 'No compilations')); return; }
    var hot = 0;
    list.compilations.forEach(function (c) { if (c.hot) hot++; });
    add(div, el('div', 'muted', list.compilations.length + ' compilations' +
        (list.profiled ? ' (' + hot + ' of which are hot)' : '')));
    if (list.left_out_period) {
      add(div, el('div', 'muted', 'Compilations that --tiers leaves out consumed ' +
          pct(list.left_out_share) + '% of total' + samplesNote(list.left_out_samples)));
    }
    var table = add(div, el('table'));
    var tr = add(add(table, el('thead')), el('tr'));
    ['ID', LLVM[list.experiment] ? 'Share of the hotness' : JIT[list.experiment] ? 'JIT share' : 'Graal share',
     'Total share', '', 'Fragment of'].forEach(function (t, i) {
      add(tr, el('th', i >= 4 ? 'text' : null, t));
    });
    var tb = add(table, el('tbody'));
    list.compilations.forEach(function (c) {
      var row = add(tb, el('tr'));
      var id = c.id;
      if (c.multi_method_key !== null && c.multi_method_key !== undefined) id += ' of multi-method ' + c.multi_method_key;
      add(row, el('td', 'mono', id));
      add(row, el('td', null, c.period === null ? '' : pct(c.graal_share) + '%'));
      add(row, el('td', null, c.period === null ? '' : pct(c.total_share) + '%' + samplesNote(c.samples)));
      add(row, el('td', 'hot', c.hot ? 'hot' : ''));
      var path = '';
      if (c.fragment) {
        path = c.inlining_path.map(function (p) {
          return (p.method === null ? 'null' : p.method) + (p.bci === null ? '' : ' at bci ' + p.bci);
        }).join(' \u203A ');
      }
      add(row, el('td', 'text mono', path));
    });
  }

  function itemAnchor(x, item) {
    if (item.type === 'pair') {
      return x.anchor + '/p/' + encodeURIComponent(item.compilations[0].id) + '/' +
          encodeURIComponent(item.compilations[1].id);
    }
    return x.anchor + '/c/' + item.compilation.experiment + '/' + encodeURIComponent(item.compilation.id);
  }

  function buildMethod(x) {
    if (x.runs) { buildRunsMethod(x); return; }
    x.built = true;
    var body = x.body;
    var lists = add(body, el('div', 'clists'));
    x.rec.experiments.forEach(function (list) { renderCompilationList(lists, list); });
    var lazy = x.nodes > METHOD_NODE_BUDGET;
    if (lazy) {
      add(body, el('p', 'notice', 'This method has big trees: each pair\u2019s trees are built when you open it.'));
    }
    x.trees = [];
    x.items.forEach(function (item) {
      var div = add(body, el('div', item.nodes > BIG_ITEM_NODES ? 'item big' : 'item'));
      div.id = itemAnchor(x, item);
      var h = add(div, el('h3'));
      var tg = add(h, el('span', 'toggle', lazy ? '\u25B8' : '\u25BE'));
      if (item.type === 'pair') {
        h.appendChild(document.createTextNode(compilationTitle(item.compilations[0]) + ' vs '));
        add(h, el('br'));
        add(h, el('span', 'toggle', ''));
        h.appendChild(document.createTextNode(compilationTitle(item.compilations[1])));
        noiseBadge(h, item);
        if (!item.counted) {
          var note = add(h, el('span', 'badge uncounted', 'not counted'));
          note.title = 'Each compilation is paired one to one with its closest counterpart; ' +
              'the differences of this pair are not counted in the method\u2019s totals';
        }
      } else {
        h.appendChild(document.createTextNode(compilationTitle(item.compilation)));
      }
      var link = add(h, el('a', 'anchor', ' #'));
      link.href = '#' + div.id;
      link.title = 'Link to this ' + (item.type === 'pair' ? 'pair' : 'compilation');
      var content = add(div, el('div', 'trees'));
      item.content = content;
      item.built = false;
      item.open = !lazy;
      h.style.cursor = 'pointer';
      h.addEventListener('click', function (event) {
        if (event.target === link) return;
        setItemOpen(x, item, !item.open);
        tg.textContent = item.open ? '\u25BE' : '\u25B8';
      });
      item.toggle = tg;
      if (!lazy) buildItem(x, item);
      else content.hidden = true;
    });
    if (x.items.length === 0 && model.report) add(body, el('p', 'message', 'No compilations printed'));
  }

  function setItemOpen(x, item, open) {
    if (open && !item.built) buildItem(x, item);
    item.open = open;
    item.content.hidden = !open;
    if (item.toggle) item.toggle.textContent = open ? '\u25BE' : '\u25B8';
  }

  function buildItem(x, item) {
    item.built = true;
    var data = {};
    var t = T[item.treeIndex];
    if (t) {
      try { data = JSON.parse(t.textContent); } catch (e) { data = null; }
    } else {
      data = null;
    }
    var kinds = item.optimization_context ? ['optimization_context'] : ['inlining', 'optimization'];
    kinds.forEach(function (k) {
      var tree = item[k];
      if (!tree) return;
      var block = add(item.content, el('div', 'tree-block'));
      var delta = item.type === 'pair';
      var title = k === 'inlining' ? 'Inlining tree' : k === 'optimization' ? 'Optimization tree'
                                   : 'Optimization-context tree';
      if (delta) title += ' matching';
      var head = add(block, el('div', 'tree-head', title));
      if (delta && tree.counts && !tree.too_big) {
        head.appendChild(countsSpan(tree.counts));
        add(head, el('span', 'muted', '  cost ' + tree.cost));
      }
      // The method's code differs between the experiments (issue 36): say so, as the text does.
      if (delta && tree.bytecode_sizes && tree.bytecode_sizes.length === 2) {
        add(block, el('div', 'message', 'The method\'s bytecode changed: ' + tree.bytecode_sizes[0] +
            ' \u2192 ' + tree.bytecode_sizes[1] + ' bytes'));
      }
      if (delta && tree.moved_call_sites) {
        add(block, el('div', 'message', plural(tree.moved_call_sites, 'call site') +
            ' moved with the code (' + (model.options['show-moved'] ? 'marked >' :
            'matched at experiment 1\'s bci') + ', no difference)'));
      }
      if (tree.too_big) {
        var what = k === 'inlining' ? 'inlining' : k === 'optimization' ? 'optimization' : 'optimization-context';
        add(block, el('div', 'message', 'The ' + what + ' trees are too big to compare'));
        return;
      }
      if (data === null) {
        add(block, el('div', 'message', 'The nodes of this tree are missing (the page was cut short?)'));
        return;
      }
      if (data.omitted) {
        add(block, el('div', 'message', 'Left out: the page reached its size budget'));
        return;
      }
      var flat = data[k] || [];
      if (delta && flat.length === 0) {
        add(block, el('div', 'message', 'There are no differences'));
        return;
      }
      var built = buildTree(flat, k, delta);
      block.appendChild(built.container);
      x.trees.push(built);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Trees: one row per node, indented by depth; a node's subtree is the rows after it that are
  // deeper. Rows are flat (trees can be 100 000 deep), collapsed by hiding the subtree's rows.

  function decode(flat, delta) {
    var nodes = [];
    var depth = 0;
    for (var i = 0; i < flat.length;) {
      if (!delta) {
        depth += flat[i++];
        nodes.push({ d: depth, op: 'node', a: flat[i++], b: -1 });
        continue;
      }
      // The depth step times 5 plus the operation.
      var step = flat[i++];
      var code = ((step % 5) + 5) % 5;
      depth += (step - code) / 5;
      var a = flat[i++];
      var b = a;
      if (code === 1 || code === 4) b = flat[i++];
      else if (code === 2) { b = a; a = -1; } else if (code === 3) b = -1;
      var op = OPS[code] || 'identity';
      if (code === 1 && isMove(labelOf(a), labelOf(b))) op = 'moved';
      nodes.push({ d: depth, op: op, a: a, b: b });
    }
    return nodes;
  }

  // An identity whose two sides are at different positions moved with the code (issue 36): an
  // inlining node's bci, an optimization's position.
  function isMove(l, r) {
    if (l[0] !== r[0]) return false;
    if (l[0] === 0) return l[3] !== -1 && r[3] !== -1 && l[3] !== r[3];
    if (l[0] !== 2) return false;
    if (l[4].length !== r[4].length) return true;
    for (var i = 0; i < l[4].length; i++) if (l[4][i] !== r[4][i]) return true;
    return false;
  }

  function labelOf(id) {
    var l = L[id];
    return l === undefined ? [1, -1] : l;
  }

  function inliningText(l) {
    var text = '(' + str(l[1]) + ') ' + (l[2] === -1 ? 'unknown' : str(l[2]));
    if (l[3] !== -1) text += ' at bci ' + l[3];
    return text;
  }

  function longPosition(l) {
    var pos = l[4];
    var parts = [];
    for (var i = 0; i < pos.length; i += 2) parts.push(str(pos[i]) + ': ' + pos[i + 1]);
    return '{' + parts.join(', ') + '}';
  }

  // Appends the text of label `l` to `line`; positions carry their whole chain as a title. An
  // optimization that moved with the code says where it is in experiment 2 (`movedTo`).
  function appendLabel(line, l, longBci, movedTo) {
    switch (l[0]) {
      case 0: line.appendChild(document.createTextNode(inliningText(l))); return;
      case 1: case 3: line.appendChild(document.createTextNode(str(l[1]))); return;
      default: break;
    }
    line.appendChild(document.createTextNode(str(l[1]) + ' ' + str(l[2])));
    if (l[4].length) {
      line.appendChild(document.createTextNode(' at bci '));
      var chain = longPosition(l);
      var pos = add(line, el('span', 'pos', longBci ? chain : l[3]));
      pos.title = 'bci chain, innermost first: ' + chain;
      if (movedTo && movedTo[4].length) {
        line.appendChild(document.createTextNode(' \u2192 ' + (longBci ? longPosition(movedTo) : movedTo[3])));
      }
    }
    var props = l[5];
    if (props.length) {
      var parts = [];
      for (var i = 0; i < props.length; i += 2) parts.push(str(props[i]) + ': ' + str(props[i + 1]));
      line.appendChild(document.createTextNode(' with {' + parts.join(', ') + '}'));
    }
  }

  function hasDetails(l) { return l[0] === 0 && (l[4] !== 0 || showsProfile(l)); }
  function showsProfile(l) { return l[0] === 0 && l[5] !== 0 && !(l[5][0] === 1 && l[5].length === 1); }

  function appendReasons(box, l, suffix) {
    if (l[0] !== 0 || l[4] === 0) return;
    var reasons = l[4];
    if (reasons.length === 0) { add(box, el('div', null, '|_ no inlining decisions' + suffix)); return; }
    if (reasons.length === 1) { add(box, el('div', null, '|_ reasoning' + suffix + ': ' + str(reasons[0]))); return; }
    add(box, el('div', null, '|_ reasoning' + suffix));
    reasons.forEach(function (r) { add(box, el('div', 'sub', str(r))); });
  }

  function appendProfile(box, l, suffix) {
    if (!showsProfile(l)) return;
    var p = l[5];
    add(box, el('div', null, '|_' + (p[0] === 1 ? '' : ' immature') + ' receiver-type profile' + suffix));
    for (var i = 1; i + 2 < p.length; i += 3) {
      var line = pad(pct(p[i + 1]), 5) + '% ' + str(p[i]);
      if (p[i + 2] !== -1) line += ' -> ' + str(p[i + 2]);
      add(box, el('div', 'sub', line));
    }
  }

  function detailsBox(node) {
    var box = el('div', 'details');
    var both = node.a !== -1 && node.b !== -1 && node.op !== 'node';
    var sides = [];
    if (node.a !== -1) sides.push([labelOf(node.a), both ? ' in experiment 1' : '']);
    if (node.b !== -1 && (node.op !== 'node')) {
      if (node.op === 'insert') sides.push([labelOf(node.b), '']);
      else if (both) sides.push([labelOf(node.b), ' in experiment 2']);
    }
    sides.forEach(function (s) { appendReasons(box, s[0], s[1]); });
    sides.forEach(function (s) { appendProfile(box, s[0], s[1]); });
    return box;
  }

  function rowLine(node, kind, longBci) {
    var line = el('span', 'line');
    var left = node.a === -1 ? null : labelOf(node.a);
    var right = node.b === -1 ? null : labelOf(node.b);
    if (node.op !== 'node') add(line, el('span', 'mk', MARKS[node.op]));
    if (node.op === 'relabel') {
      if (left[0] === 0 && right[0] === 0) {
        line.appendChild(document.createTextNode('(' + str(left[1]) + ' -> ' + str(right[1]) + ') ' +
            (left[2] === -1 ? 'unknown' : str(left[2])) + ' at bci ' + left[3] + movedBci(left, right)));
      } else if (kind === 'optimization') {
        line.appendChild(document.createTextNode(str(left[1]) + ' -> ' + str(right[1])));
      } else {
        appendLabel(line, left, longBci);
        line.appendChild(document.createTextNode(' -> '));
        appendLabel(line, right, longBci);
      }
      return line;
    }
    appendLabel(line, left || right, longBci, node.op === 'moved' ? right : null);
    if ((node.op === 'identity' || node.op === 'moved') && left && right && left[0] === 0 &&
        right[0] === 0) {
      var moved = movedBci(left, right);
      if (moved) line.appendChild(document.createTextNode(moved));
    }
    return line;
  }

  // A call site that moved with the code (issue 36) is matched at experiment 1's bci; its line
  // says where it is in experiment 2 too, as the text does.
  function movedBci(left, right) {
    return left[3] !== -1 && right[3] !== -1 && left[3] !== right[3] ? ' \u2192 ' + right[3] : '';
  }

  function buildTree(flat, kind, delta) {
    var nodes = decode(flat, delta);
    var n = nodes.length;
    var end = new Int32Array(n);
    var diff = new Uint8Array(n);
    var stack = [];
    for (var i = 0; i < n; i++) {
      while (stack.length && nodes[stack[stack.length - 1]].d >= nodes[i].d) close(stack.pop(), i);
      stack.push(i);
    }
    while (stack.length) close(stack.pop(), n);
    function close(k, at) {
      end[k] = at;
      if (nodes[k].op !== 'identity' && nodes[k].op !== 'moved' && nodes[k].op !== 'node') diff[k] = 1;
      if (stack.length && diff[k]) diff[stack[stack.length - 1]] = 1;
    }
    var longBci = !!model.options['long-bci'];
    var container = el('div', 'tree');
    var rows = new Array(n);
    var toggles = new Array(n);
    var collapsed = new Uint8Array(n);
    var big = n > 400;
    var fragment = document.createDocumentFragment();
    for (var j = 0; j < n; j++) {
      var node = nodes[j];
      var row = el('div', 'n');
      row.setAttribute('data-op', node.op);
      row.style.setProperty('--d', String(Math.min(node.d, MAX_INDENT)));
      if ((node.op === 'identity' || node.op === 'moved') && !diff[j]) row.className = 'n same';
      var lineBox = add(row, el('span', 'line'));
      var tg = add(lineBox, el('span', 'tg', ''));
      if (end[j] > j + 1) {
        tg.textContent = '\u25BE';
        tg.setAttribute('data-row', String(j));
        toggles[j] = tg;
        collapsed[j] = delta ? (diff[j] ? 0 : 1) : (big && node.d >= 2 ? 1 : 0);
      }
      if (node.d > MAX_INDENT) add(lineBox, el('span', 'deep', 'depth ' + node.d));
      var text = rowLine(node, kind, longBci);
      while (text.firstChild) lineBox.appendChild(text.firstChild);
      var l = node.a !== -1 ? labelOf(node.a) : labelOf(node.b);
      var r = node.b !== -1 ? labelOf(node.b) : l;
      if (hasDetails(l) || hasDetails(r)) {
        var more = add(lineBox, el('button', 'more', 'reasons & profiles'));
        more.setAttribute('data-row', String(j));
      }
      rows[j] = row;
      fragment.appendChild(row);
    }
    container.appendChild(fragment);
    var tree = { nodes: nodes, rows: rows, end: end, toggles: toggles, collapsed: collapsed,
                 container: container };
    container.addEventListener('click', function (event) {
      var target = event.target;
      var at = target.getAttribute && target.getAttribute('data-row');
      if (at === null || at === undefined) return;
      var k = Number(at);
      if (target.classList.contains('more')) {
        var row = rows[k];
        var box = row.querySelector('.details');
        if (box) { box.remove(); return; }
        row.appendChild(detailsBox(nodes[k]));
        return;
      }
      collapsed[k] = collapsed[k] ? 0 : 1;
      applyVisibility(tree);
    });
    applyVisibility(tree);
    return tree;
  }

  function applyVisibility(tree) {
    var rows = tree.rows;
    var hideUntil = -1;
    for (var i = 0; i < rows.length; i++) {
      var hidden = i < hideUntil;
      if (rows[i].hidden !== hidden) rows[i].hidden = hidden;
      if (!hidden && tree.collapsed[i] && tree.end[i] > i + 1) hideUntil = tree.end[i];
      var tg = tree.toggles[i];
      if (tg) {
        var mark = tree.collapsed[i] ? '\u25B8' : '\u25BE';
        if (tg.textContent !== mark) tg.textContent = mark;
      }
    }
  }

  function setTreeCollapsed(tree, value) {
    for (var i = 0; i < tree.collapsed.length; i++) tree.collapsed[i] = tree.toggles[i] ? value : 0;
    applyVisibility(tree);
  }

  // ------------------------------------------------------------------------------------------
  // jit-vs-jit-runs (docs/runs.md): a method's hotness across the runs, its share change, and its
  // stable and noise differences, as the text prints them. Nothing here is computed: the records
  // carry every figure and verdict.

  var DIFF_TREES = ['Inlining tree', 'Optimization tree', 'Optimization-context tree'];

  function summarizeRuns(m, method) {
    var r = method.rec;
    method.shares = {};
    r.hotness.forEach(function (h) { method.shares[h.experiment] = h.mean; });
    method.stable = r.compared ? r.stable_differences : -1;
    method.noise = r.compared ? r.noise_differences : -1;
    method.differences = Math.max(method.stable, 0);
    method.nodes = 0;
    var t = T[r.treeIndex];
    if (t) {
      method.nodes = Number(t.getAttribute('data-nodes')) || 0;
      if (t.hasAttribute('data-omitted')) m.omitted++;
    }
    method.pairs = 0;
    method.compilations = 0;
    method.tooBig = 0;
    var best = 0;
    for (var e in method.shares) if (isNum(method.shares[e]) && method.shares[e] > best) best = method.shares[e];
    method.maxShare = best;
  }

  // A number as the text prints it (two decimals unless told), NaN and infinities as words.
  function fixed(value, digits) {
    if (typeof value !== 'number') return String(value);
    return value.toFixed(digits === undefined ? 2 : digits);
  }

  function hotnessRow(h) {
    // Runs without profiles (HotSpot logs alone): no shares ("NaN"), as the text says.
    if (!isNum(h.mean)) {
      return ['Experiment ' + h.experiment, h.hot_runs + ' of ' + plural(h.runs, 'run'),
              String(h.compiled_runs), '\u2013', '\u2013', '\u2013', '\u2013'];
    }
    return ['Experiment ' + h.experiment, h.hot_runs + ' of ' + plural(h.runs, 'run'),
            String(h.compiled_runs), pct(h.mean) + '%',
            h.stddev === null ? 'n/a' : pct(h.stddev) + '%', pct(h.min) + '%', pct(h.max) + '%'];
  }

  function shareChangeText(r) {
    var c = r.share_change;
    if (!isNum(c.difference)) return 'Share change: unknown without profiles';
    var points = fixed(c.difference * 100);
    if (c.difference >= 0 && points.charAt(0) !== '-') points = '+' + points;
    return 'Share change: ' + points + ' percentage points, ' +
        changeVerdict(c, r.hotness[0].stddev === 0 && r.hotness[1].stddev === 0);
  }

  // Whether a change between the experiments' runs is beyond the noise, as the text says it.
  function changeVerdict(c, noVariation) {
    var verdict = c.beyond_noise ? 'beyond' : 'within';
    if (!c.tested) return 'not tested (Welch\u2019s t-test needs at least two runs of each experiment)';
    if (noVariation) return verdict + ' the noise (no run-to-run variation in either experiment)';
    return verdict + ' the noise (Welch\u2019s t-test: t = ' + fixed(c.t) + ', df = ' + fixed(c.df, 1) +
        ', p ' + (c.p < 0.0001 ? '< 0.0001' : '= ' + fixed(c.p, 4)) + ')';
  }

  // The experiments in which a method not compared is hot too rarely, as the text names them.
  function rarelyHotIn(r) {
    var cold = r.hotness.filter(function (h) { return h.hot_runs * 2 < h.runs; })
        .map(function (h) { return String(h.experiment); });
    return cold.join(' and ');
  }

  function sameStep(a, b) {
    if (typeof a === 'number' || typeof b === 'number') return a === b;
    return a[0] === b[0] && a[1] === b[1];
  }

  function stepText(step) {
    if (typeof step === 'number') return str(step);
    return (step[0] === -1 ? 'unknown' : str(step[0])) + (step[1] !== -1 ? ' at bci ' + step[1] : '');
  }

  function supportText(d) {
    return ' (in ' + d[5] + ' of ' + d[6] + ' cross pairs, ' + d[7] + ' of ' + d[8] + ' same-side pairs)';
  }

  // Differences as the text lists them: a tree per tree kind, each difference below a line per
  // call site or phase of its path that the lines before have not shown yet.
  function renderDifferences(parent, list) {
    var longBci = !!model.options['long-bci'];
    var kind = -1;
    var shown = [];
    var tree = null;
    list.forEach(function (d) {
      if (d[0] !== kind) {
        kind = d[0];
        var block = add(parent, el('div', 'tree-block'));
        add(block, el('div', 'tree-head', DIFF_TREES[kind] || 'Tree'));
        tree = add(block, el('div', 'tree'));
        shown = [];
      }
      var op = OPS[d[1]] || 'relabel';
      var left = d[3] === -1 ? null : labelOf(d[3]);
      var right = d[4] === -1 ? null : labelOf(d[4]);
      var label = op === 'insert' ? right : left;
      var inlining = label[0] === 0;
      var path = d[2];
      // A call site is the last step of its own path; an optimization is below its path.
      var context = inlining && path.length ? path.length - 1 : path.length;
      var common = 0;
      while (common < context && common < shown.length && sameStep(shown[common], path[common])) common++;
      shown.length = common;
      for (var i = common; i < context; i++) {
        var ctx = add(tree, el('div', 'n ctx'));
        ctx.style.setProperty('--d', String(Math.min(i, MAX_INDENT)));
        add(ctx, el('span', 'line', stepText(path[i])));
        shown.push(path[i]);
      }
      var row = add(tree, el('div', 'n'));
      row.setAttribute('data-op', op);
      row.style.setProperty('--d', String(Math.min(context, MAX_INDENT)));
      var line = add(row, el('span', 'line'));
      add(line, el('span', 'mk', MARKS[op]));
      if (op === 'relabel' && inlining && right && right[0] === 0) {
        line.appendChild(document.createTextNode('(' + str(left[1]) + ' -> ' + str(right[1]) + ') ' +
            (left[2] === -1 ? 'unknown' : str(left[2])) + ' at bci ' + left[3] + movedBci(left, right)));
      } else {
        appendLabel(line, label, longBci);
      }
      add(line, el('span', 'support', supportText(d)));
      var node = { op: op, a: d[3], b: d[4] };
      if (inlining && ((left && hasDetails(left)) || (right && hasDetails(right)))) {
        var more = add(line, el('button', 'more', 'reasons & profiles'));
        more.addEventListener('click', function () {
          var box = row.querySelector('.details');
          if (box) { box.remove(); return; }
          row.appendChild(detailsBox(node));
        });
      }
      if (inlining && shown.length === context && path.length) shown.push(path[path.length - 1]);
    });
  }

  function buildRunsMethod(x) {
    x.built = true;
    x.trees = [];
    var r = x.rec;
    var body = x.body;
    var table = add(body, el('table', 'statistics hotness'));
    var head = add(add(table, el('thead')), el('tr'));
    ['', 'Hot in', 'Compiled in', 'Mean share', 'Stddev', 'Min', 'Max'].forEach(function (t) {
      add(head, el('th', null, t));
    });
    var tbody = add(table, el('tbody'));
    r.hotness.forEach(function (h) {
      var tr = add(tbody, el('tr'));
      hotnessRow(h).forEach(function (v, i) { add(tr, el('td', i ? 'num' : null, v)); });
    });
    add(body, el('p', r.share_change.beyond_noise ? 'share-change beyond' : 'share-change', shareChangeText(r)));
    if (!r.compared) {
      add(body, el('p', 'message', 'Not compared: ' + (isNum(r.hotness[0].mean) ? 'hot' : 'compiled') +
          ' in fewer than half the runs of experiment ' + rarelyHotIn(r)));
      return;
    }
    add(body, el('p', 'share-change muted', 'Compared ' + plural(r.pairs.cross, 'cross pair') + ' and ' +
        plural(r.pairs.within, 'same-side pair') + ' of the runs\u2019 hottest compilations'));
    if (r.unconfirmed) {
      var few = r.hotness.filter(function (h) { return h.compiled_runs < 2; })
          .map(function (h) { return String(h.experiment); });
      add(body, el('p', 'notice', 'Unconfirmed: experiment' + (few.length > 1 ? 's ' : ' ') + few.join(' and ') +
          ' compiled the method in fewer than two runs, so the run-to-run noise is unknown'));
    }
    var data = null;
    var t = T[r.treeIndex];
    if (t) {
      try { data = JSON.parse(t.textContent); } catch (e) { data = null; }
    }
    function missing(parent) {
      add(parent, el('div', 'message', data && data.omitted ? 'Left out: the page reached its size budget'
                                                      : 'The differences are missing (the page was cut short?)'));
    }
    if (r.stable_differences === 0) {
      add(body, el('p', 'message', r.unconfirmed ? 'No stable differences (none can be confirmed)'
                                                 : 'No stable differences'));
    } else {
      var stable = add(body, el('div', 'differences'));
      stable.setAttribute('data-differences', 'stable');
      add(stable, el('h3', null, 'Stable differences (' + r.stable_differences + ')'));
      if (data && data.stable) renderDifferences(stable, data.stable);
      else missing(stable);
    }
    var word = r.unconfirmed ? 'unconfirmed' : 'noise';
    if (r.noise_differences === 0) {
      add(body, el('p', 'message', 'No ' + word + ' differences'));
    } else if (!model.options['show-noise']) {
      add(body, el('p', 'message', r.noise_differences + ' ' + word +
          (r.noise_differences === 1 ? ' difference' : ' differences') +
          ' left out (--show-noise=true lists them)'));
    } else {
      // Listed, but closed: noise is what the reader usually wants out of the way.
      var noise = add(body, el('details', 'differences'));
      noise.setAttribute('data-differences', 'noise');
      add(noise, el('summary', null, (r.unconfirmed ? 'Unconfirmed' : 'Noise') + ' differences (' +
          r.noise_differences + ')'));
      if (data && data.noise) renderDifferences(noise, data.noise);
      else missing(noise);
      x.noiseBox = noise;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Controls.

  function renderControls(app, m) {
    var bar = add(app, el('div', 'controls'));
    var filter = add(bar, el('input'));
    filter.id = 'filter';
    filter.type = 'search';
    filter.placeholder = 'Filter methods by name';
    filter.setAttribute('aria-label', 'Filter methods by name');
    filter.addEventListener('input', function () { applyFilter(filter.value); });
    var expand = add(bar, el('button', null, 'Expand all'));
    expand.id = 'expand-all';
    expand.addEventListener('click', expandAll);
    var collapse = add(bar, el('button', null, 'Collapse all'));
    collapse.id = 'collapse-all';
    collapse.addEventListener('click', collapseAll);
    var label = add(bar, el('label'));
    var only = add(label, el('input'));
    only.type = 'checkbox';
    only.id = 'only-diffs';
    only.disabled = !m.delta;  // jit-vs-jit-runs lists differences only
    label.appendChild(document.createTextNode(' Only paths to differences'));
    only.addEventListener('change', function () {
      document.body.classList.toggle('only-diffs', only.checked);
    });
    ui.count = add(bar, el('span', 'count'));
    ui.notice = add(bar, el('span', 'notice'));
    if (m.delta) {
      var legend = add(app, el('div', 'legend'));
      add(legend, el('span', 'mk ins', '+'));
      legend.appendChild(document.createTextNode(' inserted (only in experiment 2)  '));
      add(legend, el('span', 'mk del', '-'));
      legend.appendChild(document.createTextNode(' deleted (only in experiment 1)  '));
      add(legend, el('span', 'mk rel', '*'));
      legend.appendChild(document.createTextNode(' relabelled  '));
      add(legend, el('span', 'mk', '.'));
      legend.appendChild(document.createTextNode(' unchanged. Click a method to open it, \u25B8 to unfold a node.'));
    }
    if (m.runs) {
      var runsLegend = add(app, el('div', 'legend'));
      add(runsLegend, el('span', 'mk ins', '+'));
      runsLegend.appendChild(document.createTextNode(' only in experiment 2  '));
      add(runsLegend, el('span', 'mk del', '-'));
      runsLegend.appendChild(document.createTextNode(' only in experiment 1  '));
      add(runsLegend, el('span', 'mk rel', '*'));
      runsLegend.appendChild(document.createTextNode(' (kind -> kind) a call site whose callsite kind changed. ' +
          'Support: in how many cross pairs (a run of each experiment) and same-side pairs (two runs of one) ' +
          'a difference was found. Click a method to open it.'));
    }
    updateCount(m.methods.length);
  }

  function updateCount(shown) {
    ui.count.textContent = shown + ' of ' + plural(model.methods.length, 'method');
  }

  // A name with the packages of its parameter types dropped, as include/profdiff/model/
  // method_spelling.h makes it: the filter compares these too, so that a method is found by
  // either spelling (a log's `merge(Object, ...)`, a profile's `merge(java.lang.Object, ...)`).
  function simpleSpelling(name) {
    var out = '';
    var depth = 0;
    var run = 0;  // where the run of name characters being copied begins in `out`
    for (var i = 0; i < name.length; i++) {
      var c = name[i];
      if (depth > 0 && c === '.' && run < out.length) { out = out.slice(0, run); continue; }
      out += c;
      if (c === '(') depth++;
      if (c === ')' && depth > 0) depth--;
      if (!/[A-Za-z0-9_$*?\u0080-\uffff]/.test(c)) run = out.length;
    }
    return out;
  }

  function applyFilter(query) {
    var q = query.trim().toLowerCase();
    var simple = simpleSpelling(q);
    var shown = 0;
    model.methods.forEach(function (x) {
      if (x.simpleName === undefined) x.simpleName = simpleSpelling(x.name).toLowerCase();
      var match = q === '' || x.name.toLowerCase().indexOf(q) >= 0 ||
          x.simpleName.indexOf(simple) >= 0;
      x.row.hidden = !match;
      x.section.hidden = !match;
      if (match) shown++;
    });
    updateCount(shown);
  }

  function expandAll() {
    var budget = EXPAND_ALL_NODE_BUDGET;
    var skipped = 0;
    model.methods.forEach(function (x) {
      if (x.section.hidden) return;
      var cost = x.built ? 0 : x.nodes;
      if (!x.built && cost > budget) { skipped++; return; }
      budget -= cost;
      setOpen(x, true);
      if (x.noiseBox) x.noiseBox.open = true;
      x.items.forEach(function (item) {
        if (!item.built) {
          if (item.nodes > budget) { skipped++; return; }
          budget -= item.nodes;
        }
        setItemOpen(x, item, true);
      });
      x.trees.forEach(function (t) { setTreeCollapsed(t, 0); });
    });
    ui.notice.textContent = skipped
        ? skipped + ' methods or pairs left closed: too big to open all at once; open them one by one.'
        : '';
  }

  function collapseAll() {
    model.methods.forEach(function (x) {
      if (!x.built) return;
      x.trees.forEach(function (t) { setTreeCollapsed(t, 1); });
      if (x.noiseBox) x.noiseBox.open = false;
      setOpen(x, false);
    });
    ui.notice.textContent = '';
  }

  // ------------------------------------------------------------------------------------------
  // Anchors: #m:<method> opens the method, #m:<method>/p/<id1>/<id2> a pair,
  // #m:<method>/c/<experiment>/<id> a printed compilation.

  function same(a, b) {
    if (a === b) return true;
    try { return decodeURIComponent(a) === decodeURIComponent(b); } catch (e) { return false; }
  }

  function followHash() {
    var hash = location.hash.slice(1);
    if (!hash) return;
    var slash = hash.indexOf('/');
    var methodPart = slash < 0 ? hash : hash.slice(0, slash);
    var x = null;
    for (var i = 0; i < model.methods.length; i++) {
      if (same(model.methods[i].anchor, methodPart)) { x = model.methods[i]; break; }
    }
    if (!x) return;
    setOpen(x, true);
    var target = x.section;
    if (slash >= 0) {
      for (var k = 0; k < x.items.length; k++) {
        var id = itemAnchor(x, x.items[k]);
        if (same(id, hash)) {
          setItemOpen(x, x.items[k], true);
          target = document.getElementById(id) || target;
          break;
        }
      }
    }
    var old = document.querySelectorAll('.target');
    for (var j = 0; j < old.length; j++) old[j].classList.remove('target');
    target.classList.add('target');
    target.scrollIntoView();
  }

  // ------------------------------------------------------------------------------------------

  function main() {
    var started = performance.now();
    ui.problems = load();
    model = buildModel();
    var app = document.getElementById('app');
    app.textContent = '';
    renderHeader(app, model);
    renderStatistics(app, model);
    renderControls(app, model);
    renderTable(app, model);
    renderDecisions(app, model);
    renderLoops(app, model);
    renderSections(app, model);
    window.addEventListener('hashchange', followHash);
    followHash();
    // For tests and measurements: milliseconds from the start of navigation to ready, and of
    // them the time this script took.
    document.documentElement.setAttribute('data-script-ms', String(Math.round(performance.now() - started)));
    document.documentElement.setAttribute('data-ready', String(Math.round(performance.now())));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
  else main();
})();
