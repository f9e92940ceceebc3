// The page's own script, inlined into index.html after uPlot and the view
// script (view-script.ts: filters, axis, CSV and JSON). Plain ES2017 for any
// browser; it only draws the JSON the generator embedded, for the view the
// controls (and the URL hash) name, and puts every untrusted string (cell
// ids, commit subjects, who accepted a regression and why) into the page with
// textContent, never as HTML. window.__dashboard records what was drawn (the
// change-point and gate markers, the view, each download's Blob), so the
// browser test can check them.
// Kept as a string (no template literals inside) so the bundled action carries
// it without reading files at run time.
export const CLIENT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('dashboard-data').textContent);
  var V = dashboardView;
  var drawn = { charts: [], renders: 0, view: null, downloads: [], ready: false };
  window.__dashboard = drawn;
  var short = function (c) { return c.slice(0, 7); };
  var el = function (tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  };
  var fmt = function (v) {
    if (v === null || v === undefined || !isFinite(v)) return '–';
    var a = Math.abs(v);
    return a >= 1000 ? v.toFixed(0) : a >= 100 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toPrecision(3);
  };
  var pct = function (x, signed, digits) {
    if (x === null || x === undefined || !isFinite(x)) return '–';
    return (signed && x > 0 ? '+' : '') + (x * 100).toFixed(digits || 1) + '%';
  };
  var link = function (url, text, cls) {
    var a = el(url ? 'a' : 'code', url ? { href: url } : {}, text);
    if (url) a.setAttribute('rel', 'noopener');
    if (cls) a.className = cls;
    return a;
  };
  var commitLink = function (c) { return link(V.commitUrl(data, c), short(c), 'mono'); };
  var pullLink = function (n) { return link(V.pullUrl(data, n), '#' + n); };
  var acceptedText = function (a, pr) {
    return 'accepted by @' + a.by + (pr !== null && pr !== undefined ? ' in pull request #' + pr : '') + ' (' + a.via + (a.at ? ', ' + a.at.slice(0, 10) : '') + '): ' + (a.reason || 'no reason given');
  };
  // The index keeps ids unique when two cell names differ only in punctuation.
  var slug = function (s) { return 'chart-' + data.series.indexOf(s) + '-' + s.cell.replace(/[^A-Za-z0-9]+/g, '-') + '-' + s.metric.replace(/[^A-Za-z0-9]+/g, '-'); };
  var MARK_COLOUR = { fail: '#d62728', accepted: '#8e44ad' };

  // The view: filters and axis, from the URL hash, kept there as they change.
  var view = V.parseHash(location.hash, data) || { cell: null, metric: null, axis: 'commit' };
  var cellSel = document.getElementById('filter-cell');
  var metricSel = document.getElementById('filter-metric');
  var axisSel = document.getElementById('axis');
  V.cells(data).forEach(function (c) { cellSel.appendChild(el('option', { value: c }, c)); });
  V.metrics(data).forEach(function (m) { metricSel.appendChild(el('option', { value: m }, m)); });
  var syncControls = function () {
    cellSel.value = view.cell === null ? '' : view.cell;
    metricSel.value = view.metric === null ? '' : view.metric;
    axisSel.value = view.axis;
  };
  var saveHash = function () {
    var h = V.formatHash(view);
    try { history.replaceState(null, '', h ? '#' + h : location.pathname + location.search); } catch (e) { location.hash = h; }
  };
  var onControl = function () {
    view = { cell: cellSel.value === '' ? null : cellSel.value, metric: metricSel.value === '' ? null : metricSel.value, axis: axisSel.value === 'date' ? 'date' : 'commit' };
    saveHash();
    render();
  };
  cellSel.addEventListener('change', onControl);
  metricSel.addEventListener('change', onControl);
  axisSel.addEventListener('change', onControl);
  window.addEventListener('hashchange', function () {
    var v = V.parseHash(location.hash, data);
    if (v === null) return;
    view = v;
    syncControls();
    render();
  });

  // Download what is shown: a Blob and a link, nothing leaves the page.
  var lastUrl = null;
  var download = function (kind) {
    var text = kind === 'csv' ? V.toCsv(data, view) : V.toJson(data, view);
    var type = kind === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
    var blob = new Blob([text], { type: type });
    if (lastUrl !== null) URL.revokeObjectURL(lastUrl);
    lastUrl = URL.createObjectURL(blob);
    var name = V.fileName(data, view, kind);
    var a = el('a', { href: lastUrl, download: name });
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    document.body.removeChild(a);
    drawn.downloads.push({ name: name, type: type, blob: blob });
  };
  document.getElementById('download-csv').addEventListener('click', function () { download('csv'); });
  document.getElementById('download-json').addEventListener('click', function () { download('json'); });

  // Failed and accepted gates, with their pull requests: one table for the whole history.
  var marked = data.commits.filter(function (c) { return c.mark !== null; });
  var gatesBody = document.querySelector('#gates tbody');
  if (marked.length === 0) document.getElementById('gates').replaceWith(el('p', { class: 'muted', id: 'gates' }, 'No stored result carries a failed or accepted gate.'));
  marked.forEach(function (c) {
    var tr = el('tr', { class: 'gate-' + c.mark });
    var td = el('td');
    td.appendChild(commitLink(c.commit));
    if (c.subject !== null) td.appendChild(el('span', {}, ' ' + c.subject));
    tr.appendChild(td);
    tr.appendChild(el('td', { class: 'mono' }, V.when(c.date, false)));
    tr.appendChild(el('td', { class: c.mark === 'fail' ? 'worse' : 'accepted' }, c.mark === 'accepted' ? 'accepted (' + c.gate.verdict + ', ' + c.gate.regressed + ' regressed)' : 'failed (' + c.gate.regressed + ' regressed)'));
    tr.appendChild(el('td', {}, c.gate.accepted ? acceptedText(c.gate.accepted, null) : ''));
    var pr = el('td');
    if (c.gate.pullRequest !== null) pr.appendChild(pullLink(c.gate.pullRequest)); else pr.textContent = '–';
    tr.appendChild(pr);
    gatesBody.appendChild(tr);
  });

  var charts = document.getElementById('charts');
  var tbody = document.querySelector('#summary tbody');
  var shownLine = document.getElementById('shown');
  var legend = document.getElementById('legend');
  var tip = el('div', { id: 'tooltip', role: 'tooltip' });
  tip.style.display = 'none';
  document.body.appendChild(tip);
  var width = function () { return Math.max(320, Math.min(1100, charts.clientWidth - 8)); };
  var plots = [];

  var summaryRow = function (s) {
    var tr = el('tr');
    var name = el('td');
    name.appendChild(el('a', { href: '#' + slug(s) }, s.cell + ' · ' + s.metric));
    if (!s.gated) name.appendChild(el('span', { class: 'muted' }, ' (not gated)'));
    tr.appendChild(name);
    tr.appendChild(el('td', { class: 'num' }, fmt(s.summary.latest) + ' ' + s.unit));
    var lc = el('td');
    var c = s.summary.lastChange;
    if (c) {
      lc.appendChild(el('span', { class: c.accepted ? 'accepted' : c.worse ? 'worse' : 'better' }, pct(c.relative, true) + ' (' + pct(c.interval[0], true) + ' to ' + pct(c.interval[1], true) + ') at '));
      lc.appendChild(commitLink(c.commit));
      if (c.accepted) {
        lc.appendChild(el('span', { class: 'accepted' }, ', ' + acceptedText(c.accepted, null)));
        if (c.accepted.pullRequest !== null) { lc.appendChild(el('span', {}, ' ')); lc.appendChild(pullLink(c.accepted.pullRequest)); }
      }
    } else lc.textContent = 'none';
    tr.appendChild(lc);
    tr.appendChild(el('td', { class: 'num' }, pct(s.summary.sinceChange, true)));
    var t = s.summary.trendPerCommit;
    var arrow = t === null ? '' : Math.abs(t) < 0.001 ? '→ ' : t > 0 ? '↗ ' : '↘ ';
    tr.appendChild(el('td', { class: 'num' }, t === null ? '–' : arrow + pct(t, true, 2) + '/commit'));
    return tr;
  };

  var drawChart = function (s, ax) {
    var box = el('section', { class: 'chart', id: slug(s) });
    box.appendChild(el('h3', {}, s.cell + ' · ' + s.metric + ' (' + s.unit + ', ' + (s.direction === 'higher' ? 'higher is better' : 'lower is better') + (s.band ? '; threshold around ' + short(s.band.commit) : '') + ')'));
    charts.appendChild(box);
    var pick = function (arr) { return ax.order.map(function (i) { return arr[i]; }); };
    var xs = pick(ax.x);
    var values = pick(s.values);
    var n = values.filter(function (v) { return v !== null; }).length;
    if (n < 2) { box.appendChild(el('p', { class: 'muted' }, 'Fewer than two results: nothing to chart yet.')); return; }
    var markers = [];
    var gates = [];
    var record = { cell: s.cell, metric: s.metric, markers: markers, gates: gates, id: slug(s), axis: view.axis };
    drawn.charts.push(record);
    var bandLo = xs.map(function () { return s.band ? s.band.lo : null; });
    var bandHi = xs.map(function () { return s.band ? s.band.hi : null; });
    var commitAxis = view.axis === 'commit';
    var opts = {
      width: width(),
      height: 260,
      scales: { x: { time: !commitAxis } },
      legend: { show: false },
      cursor: { points: { size: 8 } },
      series: [
        {},
        { label: 'trials low', stroke: 'rgba(31,119,180,0.25)', width: 1, spanGaps: true, points: { show: false } },
        { label: 'trials high', stroke: 'rgba(31,119,180,0.25)', width: 1, spanGaps: true, points: { show: false } },
        { label: 'tolerance low', stroke: '#999', dash: [6, 4], width: 1, points: { show: false } },
        { label: 'tolerance high', stroke: '#999', dash: [6, 4], width: 1, points: { show: false } },
        { label: s.metric, stroke: '#1f77b4', width: 2, spanGaps: true, points: { show: true, size: 5, fill: '#1f77b4' } }
      ],
      bands: [{ series: [2, 1], fill: 'rgba(31,119,180,0.12)' }],
      axes: [
        commitAxis
          ? { values: function (u, splits) { return splits.map(function (i) { return Number.isInteger(i) && data.commits[i] ? short(data.commits[i].commit) : ''; }); } }
          : { values: function (u, splits) { var span = u.scales.x.max - u.scales.x.min; return splits.map(function (t) { return V.tick(t, span); }); } },
        { size: 60 }
      ],
      hooks: {
        draw: [function (u) {
          var ctx = u.ctx;
          var dpr = devicePixelRatio;
          markers.length = 0;
          gates.length = 0;
          s.changes.forEach(function (c) {
            // Between the last commit of the old level and the first of the new one.
            var a = ax.x[c.at - 1];
            var b = ax.x[c.at];
            if (a === null || a === undefined || b === null || b === undefined) return;
            var x = Math.round(u.valToPos((a + b) / 2, 'x', true));
            ctx.save();
            ctx.strokeStyle = c.accepted ? MARK_COLOUR.accepted : c.worse ? '#d62728' : '#2ca02c';
            ctx.lineWidth = 2 * dpr;
            ctx.setLineDash(c.accepted ? [4 * dpr, 3 * dpr] : []);
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.fillStyle = ctx.strokeStyle;
            ctx.font = (11 * dpr) + 'px sans-serif';
            ctx.fillText(pct(c.relative, true) + (c.accepted ? ' accepted' : ''), x + 4 * dpr, u.bbox.top + 12 * dpr);
            ctx.restore();
            markers.push({ commit: c.commit, x: x / dpr, accepted: c.accepted !== null });
          });
          data.commits.forEach(function (cm, i) {
            if (cm.mark === null || s.values[i] === null || ax.x[i] === null) return;
            var x = u.valToPos(ax.x[i], 'x', true);
            var y = u.valToPos(s.values[i], 'y', true);
            var r = 7 * dpr;
            ctx.save();
            ctx.strokeStyle = MARK_COLOUR[cm.mark];
            ctx.lineWidth = 2 * dpr;
            ctx.beginPath();
            if (cm.mark === 'fail') ctx.arc(x, y, r, 0, 2 * Math.PI);
            else { ctx.moveTo(x, y - r); ctx.lineTo(x + r, y); ctx.lineTo(x, y + r); ctx.lineTo(x - r, y); ctx.closePath(); }
            ctx.stroke();
            ctx.restore();
            // Where the mark is in CSS pixels over the plot area (u.over), for hovering it.
            gates.push({ commit: cm.commit, mark: cm.mark, x: u.valToPos(ax.x[i], 'x'), y: u.valToPos(s.values[i], 'y') });
          });
        }],
        setCursor: [function (u) {
          var p = u.cursor.idx;
          var i = p === null || p === undefined ? null : ax.order[p];
          if (i === null || i === undefined || s.values[i] === null) { tip.style.display = 'none'; return; }
          var cm = data.commits[i];
          tip.textContent = '';
          tip.appendChild(el('div', { class: 'mono' }, short(cm.commit) + '  ' + V.when(cm.date, true)));
          if (cm.subject !== null) tip.appendChild(el('div', {}, cm.subject));
          tip.appendChild(el('div', {}, s.metric + ': ' + fmt(s.values[i]) + ' ' + s.unit + (s.lo[i] !== null ? ' (trials ' + fmt(s.lo[i]) + '–' + fmt(s.hi[i]) + ')' : '')));
          var g = cm.gate;
          if (g !== null) {
            tip.appendChild(el('div', { class: cm.mark === 'fail' ? 'worse' : '' }, 'gate: ' + g.verdict + (g.regressed > 0 ? ' (' + g.regressed + ' regressed)' : '')));
            if (g.accepted) tip.appendChild(el('div', { class: 'accepted' }, 'regression ' + acceptedText(g.accepted, null)));
            if (g.pullRequest !== null) tip.appendChild(el('div', {}, 'pull request #' + g.pullRequest + (V.pullUrl(data, g.pullRequest) ? ' (linked in the gates table)' : '')));
          }
          if (V.commitUrl(data, cm.commit)) tip.appendChild(el('div', { class: 'muted' }, 'click to open the commit'));
          var r = u.over.getBoundingClientRect();
          tip.style.display = 'block';
          tip.style.left = (window.scrollX + r.left + u.cursor.left + 12) + 'px';
          tip.style.top = (window.scrollY + r.top + u.cursor.top + 12) + 'px';
        }]
      }
    };
    var u = new uPlot(opts, [xs, pick(s.lo), pick(s.hi), bandLo, bandHi, values], box);
    u.over.addEventListener('mouseleave', function () { tip.style.display = 'none'; });
    u.over.addEventListener('click', function () {
      var p = u.cursor.idx;
      var i = p === null || p === undefined ? undefined : ax.order[p];
      var url = i === undefined ? null : V.commitUrl(data, data.commits[i].commit);
      if (url) window.open(url, '_blank', 'noopener');
    });
    plots.push(u);
  };

  var render = function () {
    plots.forEach(function (u) { u.destroy(); });
    plots = [];
    drawn.charts = [];
    tip.style.display = 'none';
    charts.textContent = '';
    tbody.textContent = '';
    var shown = V.shownSeries(data, view);
    shown.forEach(function (s) { tbody.appendChild(summaryRow(s)); });
    var ax = V.axisOf(data, view.axis);
    shown.forEach(function (s) { drawChart(s, ax); });
    shownLine.textContent = shown.length + ' of ' + data.series.length + ' charts shown';
    // One legend for every chart, above them: the same words under each chart only repeated themselves.
    legend.textContent = shown.length === 0 ? '' : 'Line: pooled value per commit' + (view.axis === 'commit' ? '' : ', placed at its date (UTC)') + '. Shaded: lowest to highest trial. Dashed grey: the gate threshold around the latest result (its commit in the chart title), what the next change is judged against. Vertical lines: change points (red worse, green better, dashed purple a step for the worse its pull request accepted). Red ring: the gate failed on that commit. Purple diamond: a regression accepted on purpose (hover for who and why).';
    drawn.view = { cell: view.cell, metric: view.metric, axis: view.axis };
    drawn.renders++;
  };

  syncControls();
  render();
  window.addEventListener('resize', function () { plots.forEach(function (u) { u.setSize({ width: width(), height: 260 }); }); });
  drawn.ready = true;
})();
`;
