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

  // layout is what changes with the chart's width: the plot starts below
  // the legend, which scrolls when it would crowd the plot; a time axis has
  // fewer ticks on a phone, and a value axis across the chart fewer ticks
  // with shorter figures, so they never run together; the names of
  // categories (GPU models, offers) take at most 40% of the width (half on
  // a phone) and wrap onto as many lines as their row holds, the last cut
  // short with "…" (the tooltip of a bar names it in full), every one
  // shown; and on a phone, points named to their right ("{b}") in the
  // right half of the chart are named below them, ending at the point, so
  // no name runs off the chart.
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
      var row = plot / Math.max(1, ((drawn[i] || a).data || []).length);
      var lines = Math.max(1, Math.min(3, Math.floor((row - 4) / 13)));
      return {
        axisLabel: {
          width: Math.round(width * (narrow ? 0.5 : 0.4)), overflow: 'break', lineHeight: 13,
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
    var series = (c.options.series || []).map(function (s, i) {
      if (!c.named[i]) return {};
      return {
        data: s.data.map(function (d) {
          var item = {};
          for (var k in d) item[k] = d[k];
          var x = c.chart.convertToPixel({ seriesIndex: i }, d.value)[0];
          item.label = width >= 600 || x < width * 0.55 ? { position: c.named[i], align: null } : { position: 'bottom', align: 'right' };
          return item;
        }),
      };
    });
    return { legend: legend, grid: grid, xAxis: xAxis, yAxis: yAxis, series: series };
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
    c.chart.setOption(layout(c));
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
          c.chart.setOption(layout(c));
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
        c.chart.setOption(layout(c));
      });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAll);
  else startAll();
  window.addEventListener('resize', resize);
  window.addEventListener('beforeprint', resize);
})();
