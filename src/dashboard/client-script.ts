// The page's own script, inlined into index.html beside uPlot. Plain ES2017
// for any browser; it only draws the JSON the generator embedded and puts
// every untrusted string (cell ids, commit subjects) into the page with
// textContent, never as HTML. window.__dashboard records what was drawn, so
// the browser test can check the markers.
// Kept as a string (no template literals inside) so the bundled action carries
// it without reading files at run time.
export const CLIENT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('dashboard-data').textContent);
  var drawn = { charts: [] };
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
  var commitUrl = function (c) { return data.repoUrl ? data.repoUrl + '/commit/' + c : null; };
  var commitLink = function (c) {
    var url = commitUrl(c);
    var a = el(url ? 'a' : 'code', url ? { href: url } : {}, short(c));
    if (url) a.setAttribute('rel', 'noopener');
    return a;
  };
  // The index keeps ids unique when two cell names differ only in punctuation.
  var slug = function (s) { return 'chart-' + data.series.indexOf(s) + '-' + s.cell.replace(/[^A-Za-z0-9]+/g, '-') + '-' + s.metric.replace(/[^A-Za-z0-9]+/g, '-'); };

  // Summary table.
  var tbody = document.querySelector('#summary tbody');
  data.series.forEach(function (s) {
    var tr = el('tr');
    var name = el('td');
    name.appendChild(el('a', { href: '#' + slug(s) }, s.cell + ' · ' + s.metric));
    if (!s.gated) name.appendChild(el('span', { class: 'muted' }, ' (not gated)'));
    tr.appendChild(name);
    tr.appendChild(el('td', { class: 'num' }, fmt(s.summary.latest) + ' ' + s.unit));
    var lc = el('td');
    var c = s.summary.lastChange;
    if (c) {
      lc.appendChild(el('span', { class: c.worse ? 'worse' : 'better' }, pct(c.relative, true) + ' (' + pct(c.interval[0], true) + ' to ' + pct(c.interval[1], true) + ') at '));
      lc.appendChild(commitLink(c.commit));
    } else lc.textContent = 'none';
    tr.appendChild(lc);
    tr.appendChild(el('td', { class: 'num' }, pct(s.summary.sinceChange, true)));
    var t = s.summary.trendPerCommit;
    var arrow = t === null ? '' : Math.abs(t) < 0.001 ? '→ ' : t > 0 ? '↗ ' : '↘ ';
    tr.appendChild(el('td', { class: 'num' }, t === null ? '–' : arrow + pct(t, true, 2) + '/commit'));
    tbody.appendChild(tr);
  });

  // One chart per series.
  var charts = document.getElementById('charts');
  var tip = el('div', { id: 'tooltip', role: 'tooltip' });
  tip.style.display = 'none';
  document.body.appendChild(tip);
  var xs = data.commits.map(function (_, i) { return i; });
  var width = function () { return Math.max(320, Math.min(1100, charts.clientWidth - 8)); };
  var plots = [];

  data.series.forEach(function (s) {
    var box = el('section', { class: 'chart', id: slug(s) });
    box.appendChild(el('h3', {}, s.cell + ' · ' + s.metric + ' (' + s.unit + ', ' + (s.direction === 'higher' ? 'higher is better' : 'lower is better') + ')'));
    charts.appendChild(box);
    var n = s.values.filter(function (v) { return v !== null; }).length;
    if (n < 2) { box.appendChild(el('p', { class: 'muted' }, 'Fewer than two results: nothing to chart yet.')); return; }
    var markers = [];
    var record = { cell: s.cell, metric: s.metric, markers: markers, id: slug(s) };
    drawn.charts.push(record);
    var bandLo = xs.map(function () { return s.band ? s.band.lo : null; });
    var bandHi = xs.map(function () { return s.band ? s.band.hi : null; });
    var opts = {
      width: width(),
      height: 260,
      scales: { x: { time: false } },
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
        { values: function (u, splits) { return splits.map(function (i) { return Number.isInteger(i) && data.commits[i] ? short(data.commits[i].commit) : ''; }); } },
        { size: 60 }
      ],
      hooks: {
        draw: [function (u) {
          var ctx = u.ctx;
          markers.length = 0;
          s.changes.forEach(function (c) {
            // Between the last commit of the old level and the first of the new one.
            var x = Math.round(u.valToPos(c.at - 0.5, 'x', true));
            ctx.save();
            ctx.strokeStyle = c.worse ? '#d62728' : '#2ca02c';
            ctx.lineWidth = 2 * devicePixelRatio;
            ctx.setLineDash([]);
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.fillStyle = ctx.strokeStyle;
            ctx.font = (11 * devicePixelRatio) + 'px sans-serif';
            ctx.fillText(pct(c.relative, true), x + 4 * devicePixelRatio, u.bbox.top + 12 * devicePixelRatio);
            ctx.restore();
            markers.push({ commit: c.commit, x: x / devicePixelRatio });
          });
          data.commits.forEach(function (cm, i) {
            if (cm.gate !== 'fail' || s.values[i] === null) return;
            var x = u.valToPos(i, 'x', true);
            var y = u.valToPos(s.values[i], 'y', true);
            ctx.save();
            ctx.strokeStyle = '#d62728';
            ctx.lineWidth = 2 * devicePixelRatio;
            ctx.beginPath();
            ctx.arc(x, y, 7 * devicePixelRatio, 0, 2 * Math.PI);
            ctx.stroke();
            ctx.restore();
          });
        }],
        setCursor: [function (u) {
          var i = u.cursor.idx;
          if (i === null || i === undefined || s.values[i] === null) { tip.style.display = 'none'; return; }
          var cm = data.commits[i];
          tip.textContent = '';
          tip.appendChild(el('div', { class: 'mono' }, short(cm.commit) + '  ' + cm.date.slice(0, 16).replace('T', ' ')));
          if (cm.subject !== null) tip.appendChild(el('div', {}, cm.subject));
          tip.appendChild(el('div', {}, s.metric + ': ' + fmt(s.values[i]) + ' ' + s.unit + (s.lo[i] !== null ? ' (trials ' + fmt(s.lo[i]) + '–' + fmt(s.hi[i]) + ')' : '')));
          if (cm.gate !== null) tip.appendChild(el('div', {}, 'gate: ' + cm.gate));
          if (commitUrl(cm.commit)) tip.appendChild(el('div', { class: 'muted' }, 'click to open the commit'));
          var r = u.over.getBoundingClientRect();
          tip.style.display = 'block';
          tip.style.left = (window.scrollX + r.left + u.cursor.left + 12) + 'px';
          tip.style.top = (window.scrollY + r.top + u.cursor.top + 12) + 'px';
        }]
      }
    };
    var u = new uPlot(opts, [xs, s.lo, s.hi, bandLo, bandHi, s.values], box);
    u.over.addEventListener('mouseleave', function () { tip.style.display = 'none'; });
    u.over.addEventListener('click', function () {
      var i = u.cursor.idx;
      var url = i === null || i === undefined ? null : commitUrl(data.commits[i].commit);
      if (url) window.open(url, '_blank', 'noopener');
    });
    var legend = el('p', { class: 'legend muted' });
    legend.textContent = 'Line: pooled value per commit. Shaded: lowest to highest trial. Dashed: the gate threshold around the latest result, what the next change is judged against (' + (s.band ? short(s.band.commit) : '–') + '). Vertical lines: change points (red worse, green better).';
    box.appendChild(legend);
    plots.push(u);
  });
  window.addEventListener('resize', function () { plots.forEach(function (u) { u.setSize({ width: width(), height: 260 }); }); });
  drawn.ready = true;
})();
`;
