// home.js turns the home page's price tables — one per pricing model,
// one after the other, complete without this script — into tabs that show
// one table at a time: on-demand first, spot and 1-year reserved one
// click (or arrow key) away. The tabs stay hidden until it runs. The
// tab roles are set here too, with the panels', so that the page without
// the script has no tab without its panel. The model shown is kept in the
// URL's fragment (#model=spot), so a link reproduces the view, from file://
// too.
(function () {
  'use strict';
  var tabs = document.querySelector('.model-tabs');
  var panels = document.getElementById('home-prices');
  if (!tabs || !panels) return;
  var buttons = Array.prototype.slice.call(tabs.querySelectorAll('button[data-model]'));
  var sections = Array.prototype.slice.call(panels.querySelectorAll('.price-panel'));
  if (!buttons.length) return;
  var models = buttons.map(function (b) { return b.dataset.model; });

  // show shows the table of model; record writes it into the URL.
  function show(model, record) {
    buttons.forEach(function (b) {
      var on = b.dataset.model === model;
      b.setAttribute('aria-selected', on ? 'true' : 'false');
      b.tabIndex = on ? 0 : -1;
    });
    sections.forEach(function (s) { s.classList.toggle('current', s.dataset.model === model); });
    if (!record) return;
    var q = new URLSearchParams(location.hash.slice(1));
    if (model === models[0]) q.delete('model');
    else q.set('model', model);
    var h = q.toString();
    history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
  }

  tabs.addEventListener('click', function (e) {
    var b = e.target.closest('button[data-model]');
    if (b) show(b.dataset.model, true);
  });
  // Arrow keys, Home and End move between the tabs, as in any tab list.
  tabs.addEventListener('keydown', function (e) {
    var i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    var n = buttons.length;
    var to = { ArrowRight: (i + 1) % n, ArrowLeft: (i + n - 1) % n, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    buttons[to].focus();
    show(models[to], true);
  });

  tabs.setAttribute('role', 'tablist');
  tabs.setAttribute('aria-label', tabs.dataset.label);
  buttons.forEach(function (b) { b.setAttribute('role', 'tab'); });
  sections.forEach(function (s) {
    s.setAttribute('role', 'tabpanel');
    s.setAttribute('aria-labelledby', 'tab-' + s.dataset.model);
  });
  panels.classList.add('tabbed');
  tabs.hidden = false;
  var want = new URLSearchParams(location.hash.slice(1)).get('model');
  show(models.indexOf(want) >= 0 ? want : models[0], false);
  window.addEventListener('hashchange', function () {
    var m = new URLSearchParams(location.hash.slice(1)).get('model');
    show(models.indexOf(m) >= 0 ? m : models[0], false);
  });
})();
