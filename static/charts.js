// charts.js starts the charts of a page. Each chart's options sit in a
// <script type="application/json" id="chart-…"> block written by the
// generator; this finds every one, draws it with Apache ECharts
// (static/vendor/echarts/echarts.min.js, loaded before this file) into the
// element whose id is the block's with "-box" added, and lays it out again
// when the window is resized. Where a figure comes in several pricing
// models (.chart-set), it adds a switch between them and draws a chart
// when it is first shown. The numbers are also in a table beside each
// chart, so nothing is lost without it.
//
// Tooltips draw on the canvas (renderMode "richText"): ECharts' HTML
// tooltip writes inline styles, which the page's Content-Security-Policy
// (style-src 'self') refuses.
(function () {
  'use strict';
  if (typeof echarts === 'undefined') return;

  var charts = []; // { chart, el, options, named } of each chart drawn

  // legendHeight is the height in pixels of the legend across the top of
  // a chart width pixels wide: ECharts wraps a plain legend onto as many
  // lines as its entries need, and the plot must start below them.
  var measure = document.createElement('canvas').getContext('2d');
  function legendHeight(options, width) {
    var legend = [].concat(options.legend || [])[0];
    if (!legend || legend.show === false) return 0;
    measure.font = '12px sans-serif'; // ECharts' legend text
    var icon = legend.itemWidth || 25, seen = {}, lines = 1, x = 0, avail = width - 10;
    (options.series || []).forEach(function (s) {
      if (!s.name || seen[s.name]) return;
      seen[s.name] = true;
      var w = icon + 5 + measure.measureText(s.name).width; // icon, gap, text
      if (x > 0 && x + w > avail) { lines++; x = 0; }
      x += w + 10;
    });
    return 10 + lines * 14 + (lines - 1) * 10;
  }

  // compact writes a value axis's figure on a phone: thousands and more
  // shortened in the page's language ("8K", "1.2M"), smaller figures as
  // ECharts writes them.
  var short = null;
  try {
    short = new Intl.NumberFormat(document.documentElement.lang || undefined, { notation: 'compact', maximumFractionDigits: 1 });
  } catch (e) {}
  function compact(v) {
    return short && Math.abs(v) >= 1000 ? short.format(v) : echarts.format.addCommas(v);
  }

  // textWidth is the width in pixels of text drawn by ECharts at size px
  // (its labels' font).
  function textWidth(text, px) {
    measure.font = px + 'px sans-serif';
    return measure.measureText(String(text)).width;
  }

  // layout is what changes with the chart's width: the plot starts below
  // the legend, which scrolls when it would crowd the plot; a time axis has
  // fewer ticks on a phone, and a value axis across the chart fewer ticks
  // with shorter figures, so they never run together; the names of
  // categories (GPU models, offers) get the room of the longest of them,
  // up to 60% of the width (half on a phone), so each is read whole on one
  // line where it fits; a longer one wraps onto as many lines as its row
  // holds, the last cut short with "…" (the tooltip of a bar names it in
  // full), every one shown. Named points are placed by placeLabels, once
  // the plot is laid out.
  function layout(c) {
    var width = c.el.clientWidth, narrow = width < 600;
    // A legend that would take more than a third of the chart scrolls
    // on one line instead (a catalog of many providers, on a phone).
    var lh = legendHeight(c.options, width), legend = {};
    if (c.options.legend && c.options.legend.show !== false) {
      // All of it: a legend of another type is made anew from what is given.
      for (var k in c.options.legend) legend[k] = c.options.legend[k];
      legend.type = lh > c.el.clientHeight / 3 ? 'scroll' : 'plain';
      if (legend.type === 'scroll') lh = legendHeight({ legend: legend, series: [] }, width);
    }
    var grid = [].concat(c.options.grid || {}).map(function () {
      return { top: lh + 12 };
    });
    // The height of the plot, less the labels of the axis below it.
    var bottom = parseInt([].concat(c.options.grid || {})[0].bottom, 10);
    var plot = c.el.clientHeight - (lh + 12) - (isNaN(bottom) ? 60 : bottom) - 20;
    // The bars as drawn: a page script may have drawn others since.
    var drawn = c.chart.getOption().yAxis || [];
    var yAxis = [].concat(c.options.yAxis || []).map(function (a, i) {
      if (a.type !== 'category') return {};
      var names = ((drawn[i] || a).data || []).map(function (d) {
        return d !== null && typeof d === 'object' ? d.value : d;
      });
      var row = plot / Math.max(1, names.length);
      var lines = Math.max(1, Math.min(3, Math.floor((row - 4) / 13)));
      var longest = 0;
      names.forEach(function (n) { longest = Math.max(longest, textWidth(n, 12)); });
      var room = Math.ceil(Math.min(longest + 2, width * (narrow ? 0.5 : 0.6)));
      return {
        axisLabel: {
          width: room, overflow: 'break', lineHeight: 13,
          height: lines * 13, lineOverflow: 'truncate', showMinLabel: true, showMaxLabel: true,
        },
      };
    });
    var xAxis = [].concat(c.options.xAxis || []).map(function (a) {
      if (a.type === 'time') return { splitNumber: narrow ? 3 : 6 };
      if (a.type !== 'value') return {};
      if (narrow) return { splitNumber: 3, axisLabel: { formatter: compact } };
      return { splitNumber: a.splitNumber || 5, axisLabel: { formatter: (a.axisLabel && a.axisLabel.formatter) || null } };
    });
    return { legend: legend, grid: grid, xAxis: xAxis, yAxis: yAxis };
  }

  // placeLabels names the points of the series named by their names
  // ("{b}": the offers on a frontier) where the name covers nothing: to the
  // right of the point as the chart asks, else left, above or below it,
  // else at a corner of it — the first place inside the plot clear of every point's mark, of the
  // line through the named points and of the names placed before it. A
  // point with no such place is not named on the chart (its tooltip and
  // the table beside it name it). Points are taken in the order of their
  // series, so the same chart at the same size is named the same way.
  function placeLabels(c) {
    if (!c.named.some(Boolean)) return {};
    var grid = c.chart.getModel().getComponent('grid', 0);
    var plot = grid && grid.coordinateSystem && grid.coordinateSystem.getRect();
    if (!plot) return {};
    var all = c.options.series || [];
    var px = function (i, d) {
      var v = d !== null && typeof d === 'object' && !Array.isArray(d) ? d.value : d;
      var p = c.chart.convertToPixel({ seriesIndex: i }, v);
      return p && isFinite(p[0]) && isFinite(p[1]) ? p : null;
    };
    var size = function (s) {
      var z = s.symbolSize;
      return typeof z === 'number' ? z : Array.isArray(z) ? Math.max(z[0], z[1]) : 10;
    };
    // Every point's mark, as a box, with its series and index.
    var marks = [];
    all.forEach(function (s, i) {
      (s.data || []).forEach(function (d, k) {
        var p = px(i, d);
        if (!p) return;
        var h = size(s) / 2 + 2;
        marks.push({ s: i, k: k, x: p[0] - h, y: p[1] - h, w: 2 * h, h: 2 * h });
      });
      // The line between named points, as small boxes along it.
      if (!c.named[i] || s.type !== 'line') return;
      var prev = null;
      (s.data || []).forEach(function (d) {
        var p = px(i, d);
        if (p && prev) {
          var n = Math.ceil(Math.hypot(p[0] - prev[0], p[1] - prev[1]) / 3);
          for (var t = 1; t < n; t++) {
            var x = prev[0] + ((p[0] - prev[0]) * t) / n, y = prev[1] + ((p[1] - prev[1]) * t) / n;
            marks.push({ s: -1, k: -1, x: x - 1, y: y - 1, w: 2, h: 2 });
          }
        }
        prev = p;
      });
    });
    var hit = function (a, b) {
      return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    };
    var placed = [], seen = {};
    var series = all.map(function (s, i) {
      if (!c.named[i]) return {};
      var font = (s.label && s.label.fontSize) || 12, lh = Math.ceil(font * 1.25), gap = 5;
      var first = c.named[i];
      var sides = [first].concat(['right', 'left', 'top', 'bottom'].filter(function (p) { return p !== first; }))
        .concat(['top-right', 'bottom-right', 'top-left', 'bottom-left']);
      return {
        data: s.data.map(function (d, k) {
          var item = {};
          for (var key in d) item[key] = d[key];
          var p = px(i, d);
          var name = d && d.name != null ? d.name : '';
          // Points that tie (offers of one figure in several regions) are
          // named once, at the first of them.
          var spot = p ? Math.round(p[0]) + ',' + Math.round(p[1]) : '';
          if (!p || seen[spot]) {
            item.label = { show: false };
            return item;
          }
          seen[spot] = true;
          var w = Math.ceil(textWidth(name, font)) + 4, r = size(s) / 2;
          var box = null, at = null;
          for (var j = 0; j < sides.length && !box; j++) {
            var b;
            switch (sides[j]) {
              case 'right': b = { x: p[0] + r + gap, y: p[1] - lh / 2 }; break;
              case 'left': b = { x: p[0] - r - gap - w, y: p[1] - lh / 2 }; break;
              case 'top': b = { x: p[0] - w / 2, y: p[1] - r - gap - lh }; break;
              case 'bottom': b = { x: p[0] - w / 2, y: p[1] + r + gap }; break;
              case 'top-right': b = { x: p[0] + r, y: p[1] - r - lh }; break;
              case 'bottom-right': b = { x: p[0] + r, y: p[1] + r }; break;
              case 'top-left': b = { x: p[0] - r - w, y: p[1] - r - lh }; break;
              default: b = { x: p[0] - r - w, y: p[1] + r };
            }
            b.w = w;
            b.h = lh;
            if (b.x < plot.x + 2 || b.y < plot.y + 2 || b.x + b.w > plot.x + plot.width - 2 || b.y + b.h > plot.y + plot.height - 2) continue;
            // The marks of other points: not the point's own, nor those
            // drawn where it is.
            if (marks.some(function (m) {
              return !(Math.abs(m.x + m.w / 2 - p[0]) < 0.5 && Math.abs(m.y + m.h / 2 - p[1]) < 0.5) && hit(b, m);
            })) continue;
            if (placed.some(function (q) { return hit(b, q); })) continue;
            box = b;
            at = sides[j];
          }
          if (!box) {
            item.label = { show: false };
            return item;
          }
          placed.push(box);
          item.label = /-/.test(at)
            // A corner: the box's place from the top left of the mark.
            ? { show: true, position: [box.x - (p[0] - r), box.y - (p[1] - r)], align: 'left', verticalAlign: 'top' }
            : { show: true, position: at, align: null, verticalAlign: null };
          return item;
        }),
      };
    });
    return { series: series };
  }

  // draw lays c out for its size, then names its points.
  function draw(c) {
    c.chart.setOption(layout(c));
    c.chart.setOption(placeLabels(c));
  }

  // fitScreen: on an embed page (a frame in another site's page, or its
  // first screen), a chart taller than what is left of the screen below
  // its top is made that tall, not below 20rem, so that its axis is in
  // view: the rows close up and their labels take fewer lines (layout).
  function fitScreen(el) {
    if (!document.body.classList.contains('kind-embed')) return;
    var top = el.getBoundingClientRect().top + window.scrollY;
    var room = Math.max(320, Math.floor(window.innerHeight - top - 8));
    if (el.clientHeight > room) el.style.height = room + 'px';
  }

  var started = {}; // block id → true
  function start(block) {
    if (started[block.id] || block.closest('[hidden]')) return;
    var el = document.getElementById(block.id + '-box');
    if (!el) return;
    started[block.id] = true;
    var options;
    try {
      options = JSON.parse(block.textContent);
    } catch (e) {
      console.warn('chart ' + block.id + ': options are not JSON: ' + e.message);
      return;
    }
    // A point named by its date (a price's since, on a history chart) is
    // named as the page's language writes dates (static/age.js).
    if (window.gpucompareDate) {
      (options.series || []).forEach(function (s) {
        (s.data || []).forEach(function (d) {
          if (d && typeof d.name === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(d.name)) d.name = window.gpucompareDate(d.name);
        });
      });
    }
    var tooltips = [].concat(options.tooltip || {});
    tooltips.forEach(function (t) { t.renderMode = 'richText'; });
    options.tooltip = tooltips.length === 1 ? tooltips[0] : tooltips;
    var c = { el: el, options: options, named: [] };
    (options.series || []).forEach(function (s, i) {
      if (s.label && s.label.formatter === '{b}') c.named[i] = s.label.position || 'top';
    });
    // The container is shown (and so sized by the stylesheet) only once
    // a chart goes into it: without script the table stands alone.
    el.classList.add('chart-live');
    fitScreen(el);
    c.chart = echarts.init(el, null, { renderer: 'canvas' });
    c.chart.setOption(options);
    draw(c);
    charts.push(c);
  }

  function startIn(root) {
    var blocks = root.querySelectorAll('script[type="application/json"][id^="chart-"]');
    for (var i = 0; i < blocks.length; i++) start(blocks[i]);
  }

  // addSwitch puts a pricing-model menu before a set of figures: picking
  // a model shows its figure, chart and table, and hides the others.
  var switches = 0;
  function addSwitch(set) {
    var variants = set.querySelectorAll('.chart-variant');
    if (variants.length < 2) return;
    var id = 'chart-switch-' + (++switches);
    var p = document.createElement('p');
    p.className = 'chart-switch';
    var label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = set.getAttribute('data-label') + ' ';
    var select = document.createElement('select');
    select.id = id;
    for (var i = 0; i < variants.length; i++) {
      var o = document.createElement('option');
      o.value = String(i);
      o.textContent = variants[i].getAttribute('data-name');
      o.selected = !variants[i].hidden;
      select.appendChild(o);
    }
    select.addEventListener('change', function () {
      for (var i = 0; i < variants.length; i++) variants[i].hidden = String(i) !== select.value;
      var shown = variants[+select.value];
      startIn(shown);
      charts.forEach(function (c) {
        if (shown.contains(c.el)) {
          c.chart.resize();
          draw(c);
        }
      });
    });
    p.appendChild(label);
    p.appendChild(select);
    set.parentNode.insertBefore(p, set);
  }

  function startAll() {
    var sets = document.querySelectorAll('.chart-set');
    for (var i = 0; i < sets.length; i++) addSwitch(sets[i]);
    startIn(document);
  }

  var pending = false;
  function resize() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      charts.forEach(function (c) {
        if (c.el.closest('[hidden]')) return;
        c.chart.resize();
        draw(c);
      });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAll);
  else startAll();
  window.addEventListener('resize', resize);
  window.addEventListener('beforeprint', resize);
})();
