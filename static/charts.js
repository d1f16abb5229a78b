// charts.js starts the charts of a page. Each chart's options sit in a
// <script type="application/json" id="chart-…"> block written by the
// generator; this finds every one, draws it with Apache ECharts
// (static/vendor/echarts/echarts.min.js, loaded before this file) into the
// element whose id is the block's with "-box" added, and redraws on resize. The numbers
// are also in a table beside each chart, so nothing is lost without it.
//
// Tooltips draw on the canvas (renderMode "richText"): ECharts' HTML
// tooltip writes inline styles, which the page's Content-Security-Policy
// (style-src 'self') refuses.
(function () {
  'use strict';
  if (typeof echarts === 'undefined') return;

  var charts = []; // { chart, options } of each chart drawn

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

  // fit lays a chart out for its present width: the plot below the
  // legend, and the names of categories (GPU models, offers) at most 40%
  // of the width, wrapped onto more lines where they need it (the
  // generator leaves each category room for three).
  function fit(el, options) {
    var width = el.clientWidth;
    var grid = [].concat(options.grid || {});
    grid[0].top = legendHeight(options, width) + 12;
    options.grid = grid;
    var yAxis = [].concat(options.yAxis || []);
    yAxis.forEach(function (a) {
      if (a.type !== 'category') return;
      a.axisLabel = a.axisLabel || {};
      a.axisLabel.width = Math.round(width * 0.4);
      a.axisLabel.overflow = 'break';
      a.axisLabel.lineHeight = 13;
    });
    if (yAxis.length) options.yAxis = yAxis;
    return { grid: grid, yAxis: yAxis };
  }

  function start(block) {
    var el = document.getElementById(block.id + '-box');
    if (!el) return;
    var options;
    try {
      options = JSON.parse(block.textContent);
    } catch (e) {
      console.warn('chart ' + el.id + ': options are not JSON: ' + e.message);
      return;
    }
    var tooltips = [].concat(options.tooltip || {});
    tooltips.forEach(function (t) { t.renderMode = 'richText'; });
    options.tooltip = tooltips.length === 1 ? tooltips[0] : tooltips;
    // The container is shown (and so sized by the stylesheet) only once
    // a chart goes into it: without script the table stands alone.
    el.classList.add('chart-live');
    fit(el, options);
    var chart = echarts.init(el, null, { renderer: 'canvas' });
    chart.setOption(options);
    charts.push({ chart: chart, el: el, options: options });
  }

  function startAll() {
    var blocks = document.querySelectorAll('script[type="application/json"][id^="chart-"]');
    for (var i = 0; i < blocks.length; i++) start(blocks[i]);
  }

  var pending = false;
  function resize() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      charts.forEach(function (c) {
        c.chart.setOption(fit(c.el, c.options));
        c.chart.resize();
      });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAll);
  else startAll();
  window.addEventListener('resize', resize);
  window.addEventListener('beforeprint', resize);
})();
