// The page's pure part, inlined into index.html before the drawing script:
// what is shown for a view (the cell and metric filters, the x axis) and the
// CSV and JSON of it that the page offers for download. Plain ES2017, no DOM,
// so the unit tests run this very text (test/dashboard/view.test.ts) and the
// browser test checks the page uses it. It defines one global,
// `dashboardView`.
// Kept as a string (no template literals inside) for the same reason as
// client-script.ts: the bundled action carries it without reading files.
export const VIEW_SCRIPT = String.raw`
var dashboardView = (function () {
  'use strict';
  var AXES = ['commit', 'date'];
  var uniq = function (xs) { return xs.filter(function (x, i) { return xs.indexOf(x) === i; }); };
  var cells = function (data) { return uniq(data.series.map(function (s) { return s.cell; })); };
  var metrics = function (data) { return uniq(data.series.map(function (s) { return s.metric; })); };

  /** The view a URL hash names ("#cell=...&metric=...&axis=date"); unknown or absent parts are "all" and the commit axis; null when the hash is no view (a chart's anchor). */
  var parseHash = function (hash, data) {
    var h = String(hash || '').replace(/^#/, '');
    var view = { cell: null, metric: null, axis: 'commit' };
    if (h === '') return view;
    var known = false;
    h.split('&').forEach(function (part) {
      var eq = part.indexOf('=');
      if (eq < 0) return;
      var key = part.slice(0, eq);
      var value;
      try { value = decodeURIComponent(part.slice(eq + 1)); } catch (e) { return; }
      if (key === 'cell') { known = true; if (cells(data).indexOf(value) >= 0) view.cell = value; }
      else if (key === 'metric') { known = true; if (metrics(data).indexOf(value) >= 0) view.metric = value; }
      else if (key === 'axis') { known = true; if (AXES.indexOf(value) >= 0) view.axis = value; }
    });
    return known ? view : null;
  };

  /** The hash of a view, without "#"; "" for the default (every cell and metric over commits). */
  var formatHash = function (view) {
    var parts = [];
    if (view.cell !== null) parts.push('cell=' + encodeURIComponent(view.cell));
    if (view.metric !== null) parts.push('metric=' + encodeURIComponent(view.metric));
    if (view.axis !== 'commit') parts.push('axis=' + view.axis);
    return parts.join('&');
  };

  /** The series the view shows, in the data's order. */
  var shownSeries = function (data, view) {
    return data.series.filter(function (s) {
      return (view.cell === null || s.cell === view.cell) && (view.metric === null || s.metric === view.metric);
    });
  };

  /**
   * The x value of each commit on an axis, and the order points are drawn in:
   * commit index order on the commit axis; on the date axis seconds since the
   * epoch, sorted (a line must go left to right), commits whose date cannot be
   * read left out.
   */
  var axisOf = function (data, axis) {
    var idx = data.commits.map(function (_, i) { return i; });
    if (axis !== 'date') return { order: idx, x: idx.slice() };
    var t = data.commits.map(function (c) { var ms = Date.parse(c.date); return isFinite(ms) ? ms / 1000 : null; });
    var order = idx.filter(function (i) { return t[i] !== null; }).sort(function (a, b) { return t[a] - t[b] || a - b; });
    return { order: order, x: t };
  };

  var pad2 = function (n) { return (n < 10 ? '0' : '') + n; };

  /** An ISO date as one reader everywhere reads it: "2026-12-04" or, with the time, "2026-12-04 09:30 UTC"; the text as given when it is no date. */
  var when = function (iso, withTime) {
    var ms = Date.parse(iso);
    if (!isFinite(ms)) return String(iso);
    var d = new Date(ms);
    var day = d.getUTCFullYear() + '-' + pad2(d.getUTCMonth() + 1) + '-' + pad2(d.getUTCDate());
    return withTime ? day + ' ' + pad2(d.getUTCHours()) + ':' + pad2(d.getUTCMinutes()) + ' UTC' : day;
  };

  /** A date axis tick (seconds since the epoch): the day when the axis spans two days or more, else the day and the time (UTC). */
  var tick = function (seconds, spanSeconds) {
    var d = new Date(seconds * 1000);
    var day = pad2(d.getUTCMonth() + 1) + '-' + pad2(d.getUTCDate());
    return spanSeconds >= 2 * 86400 ? d.getUTCFullYear() + '-' + day : day + ' ' + pad2(d.getUTCHours()) + ':' + pad2(d.getUTCMinutes());
  };

  var commitUrl = function (data, c) { return data.repoUrl ? data.repoUrl + '/commit/' + c : null; };
  var pullUrl = function (data, n) { return data.repoUrl && n !== null && n !== undefined ? data.repoUrl + '/pull/' + n : null; };

  /** One row per shown series and commit with a value, oldest commit first within a series. */
  var rows = function (data, view) {
    var out = [];
    shownSeries(data, view).forEach(function (s) {
      data.commits.forEach(function (c, i) {
        if (s.values[i] === null) return;
        var g = c.gate;
        var a = g ? g.accepted : null;
        out.push({
          cell: s.cell,
          metric: s.metric,
          unit: s.unit,
          commit: c.commit,
          date: c.date,
          measured_at: c.measuredAt,
          subject: c.subject,
          value: s.values[i],
          trials_low: s.lo[i],
          trials_high: s.hi[i],
          gate: g ? g.verdict : null,
          regressed: g ? g.regressed : null,
          accepted_by: a ? a.by : null,
          accepted_via: a ? a.via : null,
          accepted_at: a ? a.at : null,
          accepted_reason: a ? a.reason : null,
          pull_request: g ? g.pullRequest : null,
          commit_url: commitUrl(data, c.commit),
          pull_request_url: pullUrl(data, g ? g.pullRequest : null)
        });
      });
    });
    return out;
  };

  var COLUMNS = ['cell', 'metric', 'unit', 'commit', 'date', 'measured_at', 'subject', 'value', 'trials_low', 'trials_high', 'gate', 'regressed', 'accepted_by', 'accepted_via', 'accepted_at', 'accepted_reason', 'pull_request', 'commit_url', 'pull_request_url'];

  /** RFC 4180 field; text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe. */
  var csvField = function (v) {
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return isFinite(v) ? String(v) : '';
    var s = String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
    return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  };

  var toCsv = function (data, view) {
    var lines = [COLUMNS.join(',')];
    rows(data, view).forEach(function (r) { lines.push(COLUMNS.map(function (k) { return csvField(r[k]); }).join(',')); });
    return lines.join('\r\n') + '\r\n';
  };

  var toJson = function (data, view) {
    return JSON.stringify({
      title: data.title,
      generatedAt: data.generatedAt,
      repoUrl: data.repoUrl,
      view: { cell: view.cell, metric: view.metric, axis: view.axis },
      rows: rows(data, view)
    }, null, 2) + '\n';
  };

  /** The download's file name: "<title>[-cell][-metric].<ext>", safe for any file system. */
  var fileName = function (data, view, ext) {
    var name = [data.title, view.cell, view.metric].filter(function (x) { return x !== null; }).join('-');
    return (name.replace(/[^A-Za-z0-9._@=-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '') || 'dashboard') + '.' + ext;
  };

  return { cells: cells, metrics: metrics, parseHash: parseHash, formatHash: formatHash, shownSeries: shownSeries, axisOf: axisOf, when: when, tick: tick, rows: rows, toCsv: toCsv, toJson: toJson, fileName: fileName, commitUrl: commitUrl, pullUrl: pullUrl, COLUMNS: COLUMNS };
})();
`;
