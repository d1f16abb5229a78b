// search.js: the search box in the header of every page
// (templates/base.html). Without this script the box is a plain form that
// sends its query to the search page, which lists everything searchable.
// With it, the box is a combobox (WAI-ARIA 1.2): typing lists the best
// matches under it, the arrow keys move through them, Enter opens the
// one chosen (or, with none chosen, the search page with every result),
// Escape closes the list, and "/" anywhere on the page goes to the box.
//
// The index is search/index.js, written by the build: it is loaded by a
// <script src> the first time the box is used, never fetched, so search
// works from file:// as well as over HTTP. The ranking is that of
// generator/site/search.go, which tests it: a name (title, id or alias)
// equal to the query, then an instance type whose GPU model's name is the
// query, then a name starting with it, then every word of the query in the
// names, then every word in the names or the other text. A query naming a
// number of GPUs ("8x H100", ">=4", "8卡": static/query.js, loaded before
// this script) finds only instance types with that many.
// Matching is by substring of lower-cased text, so Chinese is found
// inside words; the query's words are split as searchWords splits them,
// and a run of Chinese may be held in pieces, as searchHas holds it.
(function () {
  'use strict';
  var form = document.querySelector('form.site-search');
  var input = form && form.querySelector('input[name="q"]');
  var indexURL = form && form.getAttribute('data-index');
  if (!input || !indexURL) return;
  // At phone width the box is narrow: its hint is the short one
  // (data-short), so that it is not cut; the long one comes back wider.
  var longHint = input.placeholder;
  var shortHint = input.getAttribute('data-short');
  if (shortHint && window.matchMedia) {
    var narrow = window.matchMedia('(max-width: 40rem)');
    var hint = function () { input.placeholder = narrow.matches ? shortHint : longHint; };
    hint();
    if (narrow.addEventListener) narrow.addEventListener('change', hint);
  }
  var rootURL = new URL('../', new URL(indexURL, location.href)).href;
  var SHOWN = 8; // options the list under the box holds at most

  // Loading the index.
  var index = null;
  var waiting = [];
  var script = null;
  function withIndex(cb) {
    if (index) return cb(index);
    waiting.push(cb);
    if (script) return;
    script = document.createElement('script');
    script.src = indexURL;
    script.onload = function () {
      var raw = window.gpucompareSearch;
      if (!raw) return;
      // A large index comes in parts beside it (search/index-2.js …),
      // each a script that files its entries under its number.
      var parts = raw.parts || 1;
      var left = parts - 1;
      if (!left) return ready(raw, raw.e);
      for (var n = 2; n <= parts; n++) {
        var part = document.createElement('script');
        part.src = indexURL.replace(/index\.js$/, 'index-' + n + '.js');
        part.onload = function () {
          if (--left) return;
          var all = raw.e;
          var got = window.gpucompareSearchParts || {};
          for (var k = 2; k <= parts; k++) {
            if (!got[k]) return;
            all = all.concat(got[k]);
          }
          ready(raw, all);
        };
        part.onerror = function () { script = null; };
        document.head.appendChild(part);
      }
    };
    script.onerror = function () { script = null; };
    document.head.appendChild(script);
  }

  // ready makes the index of the rows of every part and answers the
  // waiting queries.
  function ready(raw, rows) {
    var entries = rows.map(function (r, i) {
      return { kind: r[0], title: r[1], sub: r[2], url: r[3], names: r[4].split('\n'), text: r[5], vague: r[8] || '', i: i, len: Array.from(r[1]).length, gpus: r[7] || 0 };
    });
    // An instance type's GPU model: [6] is the index of its entry.
    rows.forEach(function (r, i) {
      if (r.length > 6 && r[6] >= 0) entries[i].gpu = entries[r[6]];
    });
    index = { kinds: raw.kinds, m: raw.m, entries: entries };
    var cbs = waiting;
    waiting = [];
    cbs.forEach(function (f) { f(index); });
  }

  // Matching and ranking, as searchRank and searchFind do.
  function fold(s) {
    s = s.replace(/[\uFF01-\uFF5E]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0xFEE0); });
    return s.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
  }
  var CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
  var CJK_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
  var LETTER = /[\p{L}\p{Nd}]/u;
  function words(q) {
    var out = [];
    q.split(/[ ,;\u3000-\u303F]+/).filter(Boolean).forEach(function (f) {
      if (!CJK.test(f)) return out.push(f);
      f.match(CJK_RUNS).forEach(function (p) {
        if (CJK.test(p) || LETTER.test(p)) out.push(p);
      });
    });
    return out;
  }
  function has(w, held) {
    if (held(w)) return true;
    var rs = Array.from(w);
    if (rs.length < 4 || !CJK.test(rs[0]) || !rs.every(held)) return false;
    var ok = [true]; // ok[i]: the first i characters are held in pieces
    for (var i = 1; i <= rs.length; i++) {
      ok[i] = false;
      for (var j = i - 2; j >= 0 && !ok[i]; j--) ok[i] = ok[j] && held(rs.slice(j, i).join(''));
    }
    return ok[rs.length];
  }
  var COUNT = window.gpucompareQuery;
  function rank(e, q) {
    var c = COUNT ? COUNT.parse(q, false) : { test: null };
    if (c.test) {
      if (!e.gpus || !c.test(e.gpus)) return -1;
      q = c.rest;
      if (!q) return 3;
    }
    var i;
    for (i = 0; i < e.names.length; i++) if (e.names[i] === q) return 0;
    if (e.gpu && e.gpu.names.indexOf(q) >= 0) return 1;
    var best = -1;
    for (i = 0; i < e.names.length; i++) if (e.names[i].indexOf(q) === 0) best = 2;
    if (best >= 0) return best;
    var names = e.names.join('\n');
    var ws = words(q);
    if (!ws.length) return -1;
    function inName(w) { return names.indexOf(w) >= 0; }
    function inText(w) { return names.indexOf(w) >= 0 || e.text.indexOf(w) >= 0; }
    if (ws.every(function (w) { return has(w, inName); })) return 3;
    if (ws.every(function (w) { return has(w, inText); })) return 4;
    // Words of claims whose specifics the source leaves unstated: last.
    function inVague(w) { return inText(w) || e.vague.indexOf(w) >= 0; }
    if (e.vague && ws.every(function (w) { return has(w, inVague); })) return 5;
    return -1;
  }
  function find(ix, query) {
    var q = fold(query);
    if (!q) return [];
    var hits = [];
    ix.entries.forEach(function (e) {
      var r = rank(e, q);
      if (r >= 0) hits.push({ e: e, r: r });
    });
    hits.sort(function (x, y) {
      return x.r - y.r || x.e.kind - y.e.kind || x.e.len - y.e.len || x.e.i - y.e.i;
    });
    return hits.map(function (h) { return h.e; });
  }
  function fill(msg, v) {
    return msg.replace('%d', String(v)).replace('%s', String(v));
  }
  function href(e) {
    return new URL(e.url, rootURL).href;
  }
  function searchPage(q) {
    var u = new URL(form.getAttribute('action'), location.href);
    u.search = '?q=' + encodeURIComponent(q);
    return u.href;
  }
  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text) n.textContent = text;
    return n;
  }

  // The combobox.
  var listID = 'site-search-list';
  var pop = el('div', 'search-pop');
  pop.hidden = true;
  var list = el('ul', 'search-options');
  list.id = listID;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', input.labels && input.labels[0] ? input.labels[0].textContent : 'Search');
  var none = el('p', 'search-none');
  var more = el('a', 'search-more');
  var status = el('p', 'visually-hidden');
  status.setAttribute('role', 'status');
  pop.append(list, none, more);
  form.append(pop, status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listID);

  var shown = []; // the entries of the options
  var active = -1;

  function open(on) {
    pop.hidden = !on;
    input.setAttribute('aria-expanded', on ? 'true' : 'false');
    if (on) place();
    else setActive(-1);
  }
  // place keeps the list inside the window: under the box, its right
  // edge at the box's, moved right where that would put its left edge
  // past the window's (on a phone the box is in the middle of the
  // header, and the list is nearly as wide as the window).
  var MARGIN = 8;
  function place() {
    pop.style.right = '';
    var left = pop.getBoundingClientRect().left;
    if (left < MARGIN) pop.style.right = left - MARGIN + 'px';
  }
  window.addEventListener('resize', function () {
    if (!pop.hidden) place();
  });
  function setActive(i) {
    var opts = list.children;
    if (active >= 0 && opts[active]) opts[active].setAttribute('aria-selected', 'false');
    active = i;
    if (i >= 0 && opts[i]) {
      opts[i].setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', opts[i].id);
      if (opts[i].scrollIntoView) opts[i].scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }
  function render() {
    var q = input.value;
    if (!fold(q)) {
      shown = [];
      list.replaceChildren();
      status.textContent = '';
      open(false);
      return;
    }
    withIndex(function (ix) {
      if (input.value !== q) return; // typed on meanwhile: a later call renders
      var all = find(ix, q);
      shown = all.slice(0, SHOWN);
      active = -1;
      input.removeAttribute('aria-activedescendant');
      list.replaceChildren.apply(list, shown.map(function (e, i) {
        var li = el('li', 'search-opt');
        li.id = 'site-search-opt-' + i;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.dataset.href = href(e);
        var head = el('span', 'search-opt-head');
        head.append(el('span', 'search-opt-title', e.title), el('span', 'search-kind', ix.kinds[e.kind]));
        li.append(head);
        if (e.sub) li.append(el('span', 'search-opt-sub', e.sub));
        return li;
      }));
      none.hidden = all.length > 0;
      none.textContent = all.length ? '' : fill(ix.m.none, q.trim());
      more.hidden = all.length <= SHOWN;
      more.textContent = fill(ix.m.all, all.length);
      more.href = searchPage(q.trim());
      status.textContent = all.length ? fill(all.length === 1 ? ix.m.one : ix.m.many, all.length) : none.textContent;
      open(true);
    });
  }
  function go(i) {
    var li = list.children[i];
    if (li) location.href = li.dataset.href;
  }

  input.addEventListener('input', render);
  input.addEventListener('focus', function () {
    withIndex(function () {});
    if (fold(input.value) && pop.hidden && shown.length) open(true);
  });
  input.addEventListener('blur', function () { open(false); });
  // A click on the list must not take the focus from the box first.
  pop.addEventListener('mousedown', function (ev) { ev.preventDefault(); });
  list.addEventListener('click', function (ev) {
    var li = ev.target.closest('.search-opt');
    if (li) location.href = li.dataset.href;
  });
  input.addEventListener('keydown', function (ev) {
    var n = list.children.length;
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      ev.preventDefault();
      if (pop.hidden) {
        if (!fold(input.value)) return;
        open(true);
      }
      if (!n) return;
      if (ev.key === 'ArrowDown') setActive(active + 1 >= n ? 0 : active + 1);
      else setActive(active <= 0 ? n - 1 : active - 1);
    } else if (ev.key === 'Enter') {
      if (!pop.hidden && active >= 0) {
        ev.preventDefault();
        go(active);
      }
    } else if (ev.key === 'Escape') {
      if (!pop.hidden) {
        ev.preventDefault();
        open(false);
      } else if (input.value) {
        ev.preventDefault();
        input.value = '';
        render();
      }
    }
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.key !== '/' || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
    var t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    ev.preventDefault();
    input.focus();
    input.select();
  });

  // The search page: the results of the query in its address, above the
  // list of everything.
  var results = document.getElementById('search-results');
  var q = new URLSearchParams(location.search).get('q');
  if (results && q && fold(q)) {
    input.value = q;
    withIndex(function (ix) {
      var all = find(ix, q);
      document.getElementById('search-results-title').textContent = fill(ix.m.results, q.trim());
      document.getElementById('search-status').textContent = all.length
        ? fill(all.length === 1 ? ix.m.one : ix.m.many, all.length)
        : fill(ix.m.none, q.trim());
      var ol = document.getElementById('search-list');
      ol.replaceChildren.apply(ol, all.map(function (e) {
        var li = el('li');
        var a = el('a', '', e.title);
        a.href = href(e);
        li.append(a, ' ', el('span', 'search-kind', ix.kinds[e.kind]));
        if (e.sub) li.append(' ', el('span', 'sub', e.sub));
        return li;
      }));
      results.hidden = false;
    });
  }
})();
