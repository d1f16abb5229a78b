// home.js turns each set of the home page's price tables — one per
// pricing model, one after the other, complete without this script —
// into tabs that show one table at a time: the first tab's, the others
// one click (or arrow key) away. A set is a .model-tabs list naming its
// tables' container (data-panels) and the key of its choice in the URL
// (data-key): the home table's pricing model (#model=spot, and
// #model=mainland for the mainland view on editions where it is a tab)
// and the mainland view's (#cn=subscription). The tabs stay hidden until
// it runs. The tab roles are set here too, with the panels', so that the
// page without the script has no tab without its panel. The choice is
// kept in the URL's fragment, so a link reproduces the view, from
// file:// too.
//
// Two switches, kept in the fragment too (stale=1, market=1), let stale and
// undated prices and marketplaces' prices answer: the page carries each
// GPU model's answer under every state of the switches as lines of the
// table (data-show: the states, 0 to 3, a line answers under: 1 with stale
// prices, 2 with marketplaces), made by the same rule as the default
// (pricing.Price.Answers); the script shows the lines of the state chosen.
//
// A GPU page (gpus/ID/) carries its cheapest on-demand answer the same way,
// with the same switches, and marks each offer's row with the states its
// price answers under (data-answers): the script marks the others as rows
// that do not answer (class lesser), and puts the rows in their order under
// the state (data-order: a row's place under each state, as Go sorts the
// list). The links to GPU pages and into the matrix carry the switches, so
// that the next page answers as this one (static/switches.js carries them
// into every other link of every page).
(function () {
  'use strict';

  // keep writes the fragment q into the URL, as a replacement.
  function keep(q) {
    var h = q.toString();
    history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
  }

  Array.prototype.forEach.call(document.querySelectorAll('.model-tabs[data-panels]'), function (tabs) {
    var panels = document.getElementById(tabs.dataset.panels);
    var key = tabs.dataset.key || 'model';
    if (!panels) return;
    var buttons = Array.prototype.slice.call(tabs.querySelectorAll('button[data-model]'));
    var sections = Array.prototype.slice.call(panels.children).filter(function (s) { return s.classList.contains('price-panel'); });
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
      // The note under the panels holds for the tabs it names: it stands
      // aside while a tab with its own note (the mainland view) is shown.
      panels.dataset.current = model;
      if (!record) return;
      var q = new URLSearchParams(location.hash.slice(1));
      if (model === models[0]) q.delete(key);
      else q.set(key, model);
      keep(q);
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
      s.setAttribute('aria-labelledby', (key === 'model' ? 'tab-' : 'tab-' + key + '-') + s.dataset.model);
    });
    panels.classList.add('tabbed');
    tabs.hidden = false;
    function fromURL() {
      var m = new URLSearchParams(location.hash.slice(1)).get(key);
      show(models.indexOf(m) >= 0 ? m : models[0], false);
    }
    fromURL();
    window.addEventListener('hashchange', fromURL);
  });

  var switchBox = document.getElementById('home-switches');
  if (!switchBox) return;
  var switches = Array.prototype.slice.call(switchBox.querySelectorAll('input[data-switch]'));
  var main = document.querySelector('main') || document.body;
  var lines = Array.prototype.slice.call(main.querySelectorAll('[data-show]'));
  var rows = Array.prototype.slice.call(main.querySelectorAll('tr[data-answers]'));
  var links = Array.prototype.slice.call(main.querySelectorAll('td.offers a, th.gpu a'));
  // The bodies of lists whose rows name their place under each state
  // (data-order), which the script puts them in.
  var ordered = [];
  Array.prototype.forEach.call(main.querySelectorAll('tr[data-order]'), function (tr) {
    if (ordered.indexOf(tr.parentNode) < 0) ordered.push(tr.parentNode);
  });
  // The bit each switch sets in a state, and its name in the URL.
  var BITS = { stale: 1, market: 2 };

  // include shows the lines of the table that answer with the switches
  // as the URL's fragment q has them, and sets the switches so.
  function include(q) {
    var state = 0;
    switches.forEach(function (box) {
      var on = q.get(box.dataset.switch) === '1';
      box.checked = on;
      if (on) state |= BITS[box.dataset.switch];
    });
    var want = String(state);
    // Read again: a page's script may have copied lines since (a guide's
    // wizard shows a copy of an outcome).
    lines = Array.prototype.slice.call(main.querySelectorAll('[data-show]'));
    lines.forEach(function (el) {
      el.hidden = el.dataset.show.split(' ').indexOf(want) < 0;
    });
    rows.forEach(function (tr) {
      tr.classList.toggle('lesser', tr.dataset.answers.split(' ').indexOf(want) < 0);
    });
    // A list of offers comes in the order of the state: those that answer
    // under it first, cheapest first, as Go orders the list by default.
    ordered.forEach(function (body) {
      var trs = Array.prototype.slice.call(body.children);
      var place = function (tr) { return Number((tr.dataset.order || '').split(' ')[state]); };
      trs.sort(function (a, b) { return place(a) - place(b); });
      trs.forEach(function (tr) { body.appendChild(tr); });
    });
    // The links into the matrix and to GPU pages carry the switches, which
    // those keep too, first, in the order the matrix writes its URL.
    links.forEach(function (a) {
      var u = a.getAttribute('href');
      var at = u.indexOf('#');
      var old = new URLSearchParams(at < 0 ? '' : u.slice(at + 1));
      var h = new URLSearchParams();
      switches.forEach(function (box) {
        if (box.checked) h.set(box.dataset.switch, '1');
        old.delete(box.dataset.switch);
      });
      old.forEach(function (v, k) { h.append(k, v); });
      var rest = h.toString();
      a.setAttribute('href', (at < 0 ? u : u.slice(0, at)) + (rest ? '#' + rest : ''));
    });
  }

  switches.forEach(function (box) {
    box.addEventListener('change', function () {
      var q = new URLSearchParams(location.hash.slice(1));
      if (box.checked) q.set(box.dataset.switch, '1');
      else q.delete(box.dataset.switch);
      keep(q);
      include(q);
    });
  });
  switchBox.hidden = false;
  include(new URLSearchParams(location.hash.slice(1)));
  window.addEventListener('hashchange', function () {
    include(new URLSearchParams(location.hash.slice(1)));
  });
})();
