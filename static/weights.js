// weights.js adds weight sliders, a GPU class list and the two answer
// switches to the evaluation page (/evaluation/). The page ships, in
// <script type="application/json" id="weights-data">, each criterion's id,
// name, default weight and how it is scored, each provider's 0–100 score
// on every criterion not compared within a class (null where unknown) and
// its measured values on its terms, and for every GPU class with a
// comparable price the providers' measured values on the price criteria
// (the criteria compared within one class) under each state of the
// switches, and the offers of that class with the states their price
// answers under. The values are scaled 0–100 here as guide.Score does
// (weigh), over the providers or the offers that answer under the state:
// by default current prices of providers a team can contract; "include
// stale prices" (stale=1) and "include marketplaces" (market=1), the
// switches every answer of the site has, add the others, which are named
// below the offers until then.
// A slider changes a weight, the list changes the class; the ranking is
// worked out again at once with the generator's rule (guide.Score): a
// provider's score is the weighted mean of its known scores, the unknown
// criteria's weights left out and the rest renormalised; a provider whose
// known criteria hold less than half of the weight (guide.MinShare) has
// too little data to rank and moves to the table below the ranking, in
// catalog order; equal scores keep catalog order. The rows move into the
// new order, their scores, the price cells and the share of the weight
// they rest on are written again, and the radar chart redraws the new
// leaders over the criteria they all have a value for. Changed weights
// and class are kept in the URL's fragment (#price-performance=20&class=
// h100-80gb), so a link ranks the same way, from file:// too. The offers
// of the class are ranked again the same way, each on its own scores for
// the offer criteria and its provider's terms for the rest, and the table
// below the providers is written anew with the new best. Without this
// script the default rankings stand.
(function () {
  'use strict';
  var block = document.getElementById('weights-data');
  var form = document.getElementById('weights');
  var table = document.getElementById('scores');
  var apartTable = document.getElementById('scores-apart');
  if (!block || !form || !table || !apartTable) return;
  var D = JSON.parse(block.textContent);
  var T = D.text;
  var tbody = table.tBodies[0], apartBody = apartTable.tBodies[0];
  var apartBox = document.getElementById('apart');
  var rows = {}; // provider index → its row
  Array.prototype.forEach.call(tbody.rows, function (tr) { rows[tr.getAttribute('data-provider')] = tr; });
  Array.prototype.forEach.call(apartBody.rows, function (tr) { rows[tr.getAttribute('data-provider')] = tr; });
  var inputs = D.criteria.map(function (c) { return form.elements[c.id]; });
  var select = form.elements['class'];
  var priceAt = {}; // criterion index → its place among the price criteria
  D.pc.forEach(function (j, k) { priceAt[j] = k; });
  var switchBox = document.getElementById('home-switches');
  var switches = switchBox ? Array.prototype.slice.call(switchBox.querySelectorAll('input[data-switch]')) : [];
  var BITS = { stale: 1, market: 2 };
  // The switch "mainland China clouds first" (on by default in the
  // Chinese edition: D.cnOn) ranks the China clouds, and their offers in
  // mainland China priced in yuan (an offer's cn), before the others, each group by its own order; kept in the URL
  // against the edition's default (cn=0, cn=1).
  var cnBox = document.getElementById('mainland-first');
  function cnFirst() { return cnBox ? cnBox.checked : false; }

  // switchState is the state of the switches, as pages number it: 0
  // neither, 1 stale prices, 2 marketplaces, 3 both.
  function switchState() {
    var st = 0;
    switches.forEach(function (box) { if (box.checked) st |= BITS[box.dataset.switch]; });
    return st;
  }

  // weigh scales criterion j's values 0–100 as guide's weigh does: a
  // level on its fixed scale (guide.LevelScore: an MLPS level of 3 or
  // above 100, a filing or level 1 or 2 50, none 0), a count where more
  // is better as a share of the largest, any other from the worst (0) to
  // the best (100), all equal 100; null stays unknown.
  function weigh(j, vals) {
    var c = D.criteria[j], lo = Infinity, hi = -Infinity;
    vals.forEach(function (v) { if (v != null) { lo = Math.min(lo, v); hi = Math.max(hi, v); } });
    return vals.map(function (v) {
      if (v == null) return null;
      var s = 100;
      if (c.lv) s = v >= 3 ? 100 : v > 0 ? 50 : 0;
      else if (c.c && !c.lo) s = hi > 0 ? v / hi * 100 : 0;
      else if (hi > lo) {
        s = (v - lo) / (hi - lo) * 100;
        if (c.lo) s = 100 - s;
      }
      return s;
    });
  }

  // byState is a provider's entry of a class under state st: the class
  // ships one state where all four are the same.
  function byState(list, st) { return list ? (list[st] || list[0]) : null; }

  // classScores are the providers' scores on the price criteria under
  // class cls and state st, by place among the price criteria, then
  // provider.
  function classScores(cls, st) {
    return D.pc.map(function (j, k) {
      return weigh(j, D.providers.map(function (p, i) {
        var r = cls && byState(cls.r[i], st);
        return r ? r[k] : null;
      }));
    });
  }

  function fmt(s, args) {
    var next = 0;
    return s.replace(/%(?:\[(\d+)\])?([sd%])/g, function (m, n, verb) {
      if (verb === '%') return '%';
      var k = n ? +n - 1 : next;
      next = k + 1;
      return typeof args[k] === 'number' && Number.isInteger(args[k]) ? num(args[k]) : String(args[k]); // a count grouped, as the build writes it
    });
  }

  // round is pricing.Round: half away from zero on the shortest decimal
  // that reads back as v.
  function round(v, places) {
    if (!isFinite(v)) return v;
    var s = String(Math.abs(v));
    if (/e/.test(s)) return Math.abs(v) < 1 ? 0 : v;
    var parts = s.split('.'), whole = parts[0], frac = parts[1] || '';
    if (frac.length <= places) return v;
    var digits = BigInt(whole + frac.slice(0, places));
    if (frac.charCodeAt(places) >= 53) digits += BigInt(1);
    var t = digits.toString();
    while (t.length < places + 1) t = '0' + t;
    var r = parseFloat(places ? t.slice(0, t.length - places) + '.' + t.slice(t.length - places) : t);
    return v < 0 ? -r : r;
  }

  // sharePercent is the generator's: whole percents, with decimals more
  // where rounding would land on 0, 50 or 100 without being it.
  function sharePercent(share) {
    var v = share * 100, places = 0;
    for (; places < 3; places++) {
      var r = round(v, places);
      if (r !== v && (r === 0 || r === 100 || r === 50)) continue;
      return r;
    }
    return round(v, places);
  }

  // num writes a figure as the template function "num" does.
  function num(v) {
    var s = String(v), sign = '';
    if (s.charAt(0) === '-') { sign = '\u2212'; s = s.slice(1); }
    var p = s.split('.'), w = p[0], out = '';
    for (var i = 0; i < w.length; i++) {
      if (i > 0 && (w.length - i) % 3 === 0) out += ',';
      out += w.charAt(i);
    }
    return sign + out + (p.length > 1 ? '.' + p[1] : '');
  }

  function weights() {
    return inputs.map(function (input, i) {
      var v = input ? Number(input.value) : NaN;
      return isFinite(v) && v >= 0 ? v : D.criteria[i].w;
    });
  }

  // classIndex is the index of the GPU class picked, the default when
  // there is no list or it names no class of the data.
  function classIndex() {
    if (!select) return D.class;
    for (var i = 0; i < D.classes.length; i++) if (D.classes[i].id === select.value) return i;
    return D.class;
  }

  // scoreOf is provider i's score on criterion j, with ps the scores on
  // the price criteria (classScores).
  function scoreOf(ps, i, j) {
    if (priceAt[j] === undefined) return D.providers[i].s[j];
    return ps[priceAt[j]][i];
  }

  // place orders scored rows as guide.Score does: the ranked first, best
  // first, then those with too little data; ties keep the data's order.
  // With the mainland switch on, the China clouds' rows (r.cn) come
  // first among the ranked and first among those with too little data:
  // the ranking's first screen answers which cloud ranks first, and the
  // China clouds not ranked lead the table of those apart, which says so.
  function place(out) {
    var first = cnFirst();
    out.forEach(function (r) { r.ranked = r.share >= D.min; r.cn = first && !!r.cn; });
    out.sort(function (a, b) {
      if (a.cn !== b.cn) return a.cn ? -1 : 1;
      if (a.ranked !== b.ranked) return a.ranked ? -1 : 1;
      return (a.ranked ? b.score - a.score : 0) || a.index - b.index;
    });
    var n = 0;
    out.forEach(function (r, i) {
      if (!r.ranked) { r.rank = 0; return; }
      n++;
      r.rank = i > 0 && out[i - 1].ranked && out[i - 1].cn === r.cn && r.score === out[i - 1].score ? out[i - 1].rank : n;
    });
    return out;
  }

  function total(w) {
    var t = 0;
    w.forEach(function (x) { t += x; });
    return t;
  }

  // score ranks the providers under the weights w and the scores on the
  // price criteria ps (classScores), as guide.Score does.
  function score(w, ps) {
    var all = total(w);
    return place(D.providers.map(function (p, i) {
      var sum = 0, weight = 0, known = 0;
      D.criteria.forEach(function (c, j) {
        var sc = scoreOf(ps, i, j);
        if (sc == null) return;
        known++;
        sum += sc * w[j];
        weight += w[j];
      });
      return { index: i, provider: p, cn: p.cn, score: weight > 0 ? sum / weight : 0, share: all > 0 ? weight / all : 0, known: known };
    }));
  }

  function basis(r) {
    var of = D.criteria.length;
    if (r.known === 0) return fmt(T['evaluation.basis_none'], [of]);
    if (r.known === of) return fmt(T['evaluation.basis_all'], [of]);
    return fmt(T['evaluation.basis'], [r.known, of, num(sharePercent(r.share))]);
  }

  function truncate(s, n) {
    var r = Array.from(s);
    return r.length <= n ? s : r.slice(0, n - 1).join('').trim() + '\u2026';
  }

  function drawRadar(ranked, w, ps) {
    var box = document.querySelector('.chart-radar .chart[id$="-box"]');
    var chart = box && window.echarts && window.echarts.getInstanceByDom(box);
    if (!chart) return;
    var top = ranked.filter(function (r) { return r.ranked; }).slice(0, D.top), cols = [];
    D.criteria.forEach(function (c, j) {
      if (w[j] > 0 && top.every(function (r) { return scoreOf(ps, r.index, j) != null; })) cols.push(j);
    });
    if (cols.length < 3) return; // as the generator, no radar on fewer than three axes
    chart.setOption({
      legend: { data: top.map(function (r) { return r.provider.name; }) },
      radar: { indicator: cols.map(function (j) { return { name: truncate(D.criteria[j].name, 24), max: 100 }; }) },
      series: top.map(function (r) {
        return {
          name: r.provider.name, type: 'radar',
          data: [{ name: r.provider.name, value: cols.map(function (j) { return round(scoreOf(ps, r.index, j), 1); }) }],
          itemStyle: { color: r.provider.color }, lineStyle: { width: 2 }, areaStyle: { opacity: 0.08 },
        };
      }),
    }, { replaceMerge: ['series'] });
  }

  // scoreOffers ranks the offers of class cls whose price answers under
  // state st, under the weights w, as guide.ScoreOffers and the
  // generator's termsScore do: each on its own values on the offer
  // criteria and its provider's terms for the rest, scaled across them.
  var offerCrit = {};
  D.oc.forEach(function (j, k) { offerCrit[j] = k; });
  function scoreOffers(w, cls, st) {
    var all = total(w);
    var pool = cls.offers.filter(function (o) { return o.a.indexOf(st) >= 0; });
    var cols = D.criteria.map(function (c, j) {
      var own = offerCrit[j] !== undefined;
      return weigh(j, pool.map(function (o) { return own ? o.r[offerCrit[j]] : D.providers[o.p].t[j]; }));
    });
    return place(pool.map(function (o, i) {
      var sum = 0, weight = 0, known = 0, tsum = 0, tweight = 0;
      D.criteria.forEach(function (c, j) {
        var own = offerCrit[j] !== undefined;
        var sc = cols[j][i];
        if (sc == null) return;
        known++;
        sum += sc * w[j];
        weight += w[j];
        if (!own) { tsum += sc * w[j]; tweight += w[j]; }
      });
      return { index: i, offer: o, cn: !!o.cn, score: weight > 0 ? sum / weight : 0, share: all > 0 ? weight / all : 0, known: known, terms: tweight > 0 ? tsum / tweight : null, scores: cols.map(function (col) { return col[i]; }) };
    }));
  }

  function el(name, cls, text) {
    var e = document.createElement(name);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  function unknown() {
    var a = el('abbr', 'unknown', '\u2014');
    a.title = T['unknown.title'];
    return a;
  }

  // fillScore writes a score cell: a score with its meter, or "not
  // ranked" for a row with too little data, with why beside it: the
  // share of the weight its score rests on against the share a place
  // needs.
  function fillScore(td, r) {
    while (td.firstChild) td.removeChild(td.firstChild);
    if (!r.rank) {
      td.appendChild(el('span', 'not-ranked', T['evaluation.not_ranked']));
      td.appendChild(el('span', 'sub why-not', fmt(T['evaluation.not_ranked_why'], [num(sharePercent(r.share)), num(D.min * 100)])));
      return;
    }
    td.appendChild(el('strong', null, num(round(r.score, 1))));
    var m = el('meter');
    m.min = 0; m.max = 100; m.value = round(r.score, 1);
    m.setAttribute('aria-hidden', 'true');
    td.appendChild(m);
  }

  // fillCell writes a criterion's cell: its score and measured value.
  function fillCell(td, score, value) {
    while (td.firstChild) td.removeChild(td.firstChild);
    if (score == null) { td.appendChild(unknown()); return; }
    td.appendChild(document.createTextNode(num(round(score, 1))));
    if (value) td.appendChild(el('span', 'sub', value));
  }

  function scoreCell(score, value) {
    var td = el('td', 'num');
    fillCell(td, score, value);
    return td;
  }

  // offerRow writes an offer's row as the template does.
  function offerRow(r) {
    var o = r.offer, p = D.providers[o.p];
    var tr = el('tr');
    var th = el('th');
    th.scope = 'row';
    th.appendChild(el('span', 'rank', String(r.rank)));
    th.appendChild(document.createTextNode(' '));
    var a = el('a', null, o.n);
    a.href = o.u;
    th.appendChild(a);
    var sub = el('span', 'sub');
    var pa = el('a', null, p.name);
    pa.href = p.u;
    sub.appendChild(pa);
    sub.appendChild(document.createTextNode(' \u00b7 ' + o.d));
    if (o.f) {
      sub.appendChild(document.createTextNode(' '));
      sub.appendChild(el('span', 'why', o.f));
    }
    th.appendChild(sub);
    tr.appendChild(th);
    var sc = el('td', 'num score');
    fillScore(sc, r);
    tr.appendChild(sc);
    tr.appendChild(el('td', 'basis', basis(r)));
    D.oc.forEach(function (j, k) { tr.appendChild(scoreCell(r.scores[j], o.v[k])); });
    var terms = scoreCell(r.terms, '');
    terms.className = 'num provider-terms';
    tr.appendChild(terms);
    return tr;
  }

  function setText(id, text) {
    var e = document.getElementById(id);
    if (e) e.textContent = text;
  }

  function show(id, on) {
    var e = document.getElementById(id);
    if (e) e.hidden = !on;
  }

  var offerTable = document.getElementById('offer-scores');
  function drawOffers(w, cls, st) {
    if (!offerTable) return;
    var scored = scoreOffers(w, cls, st);
    var ranked = scored.filter(function (r) { return r.ranked; });
    var body = document.createElement('tbody');
    ranked.slice(0, D.offerTop).forEach(function (r) { body.appendChild(offerRow(r)); });
    offerTable.replaceChild(body, offerTable.tBodies[0]);
    var shown = Math.min(ranked.length, D.offerTop);
    setText('offer-scores-caption', shown === ranked.length
      ? fmt(T['evaluation.offers_caption_all'], [shown, cls.name])
      : fmt(T['evaluation.offers_caption'], [shown, ranked.length, cls.name]));
    show('offer-ranking', shown > 0);
    show('offers-none', shown === 0);
    var apart = scored.filter(function (r) { return !r.ranked; }).map(function (r) {
      return fmt(T['evaluation.offer_apart'], [r.offer.n, D.providers[r.offer.p].name, r.offer.d]);
    });
    setText('offers-apart', fmt(T['evaluation.offers_apart'], [apart.length, cls.name, apart.join(T['punct.semicolon'])]));
    show('offers-apart', apart.length > 0);
    var out = cls.offers.filter(function (o) { return o.a.indexOf(st) < 0; }).map(function (o) {
      return fmt(T['evaluation.offer_out'], [o.n, D.providers[o.p].name, o.d, D.why[o.w]]);
    });
    setText('offers-out', fmt(T['evaluation.offers_out'], [out.length, cls.name, out.join(T['punct.semicolon'])]));
    show('offers-out', out.length > 0);
  }

  // drawClass writes what depends on the class alone: the note naming it
  // and how many providers have a value on each price criterion.
  function drawClass(cls, ps) {
    if (!cls) return;
    setText('class-note', fmt(T['evaluation.class_note'], [cls.name]));
    D.pc.forEach(function (j, k) {
      var cell = document.querySelector('#criterion-' + CSS.escape(D.criteria[j].id) + ' .known');
      var known = ps[k].filter(function (s) { return s != null; }).length;
      if (cell) cell.textContent = fmt(T['evaluation.known'], [known, D.providers.length]);
    });
  }

  // drawMainlandApart says above the ranking, with the mainland switch
  // on, which China clouds have too little data to rank, and which of
  // them "include stale prices" would rank, as the generator does
  // (mainlandApart).
  function drawMainlandApart(ranked, w, cls, st) {
    var apart = ranked.filter(function (r) { return !r.rank && r.provider.cn; });
    var on = cnFirst() && apart.length > 0;
    show('mainland-apart', on);
    if (!on) return;
    var names = apart.map(function (r) { return r.provider.name; });
    var need = num(D.min * 100), sep = T['evaluation.list_sep'];
    var stale = [];
    if (!(st & 1)) {
      var more = score(w, classScores(cls, st | 1));
      stale = apart.filter(function (a) {
        return more.some(function (r) { return r.index === a.index && r.rank > 0; });
      }).map(function (r) { return r.provider.name; });
    }
    setText('mainland-apart', stale.length
      ? fmt(T['evaluation.mainland_apart_stale'], [names.join(sep), T['evaluation.apart'], need, T['trust.include_stale'], stale.join(sep)])
      : fmt(T['evaluation.mainland_apart'], [names.join(sep), T['evaluation.apart'], need]));
  }

  var status = document.getElementById('weights-status');

  // state is the URL's fragment of the weights w and the class ci, after
  // the switches that are on, first, as every page writes them.
  function state(w, ci, st) {
    var q = new URLSearchParams();
    if (st & 1) q.set('stale', '1');
    if (st & 2) q.set('market', '1');
    if (cnBox && cnFirst() !== !!D.cnOn) q.set('cn', cnFirst() ? '1' : '0');
    D.criteria.forEach(function (c, j) { if (w[j] !== c.w) q.set(c.id, String(w[j])); });
    if (ci !== D.class) q.set('class', D.classes[ci].id);
    return q.toString();
  }

  function update() {
    var w = weights(), ci = classIndex(), cls = D.classes[ci], st = switchState();
    var ps = classScores(cls, st);
    inputs.forEach(function (input, j) {
      if (input) input.parentNode.querySelector('output').textContent = num(w[j]);
    });
    var ranked = score(w, ps), apart = 0, apartCn = 0;
    ranked.forEach(function (r) {
      var tr = rows[r.index];
      if (!tr) return;
      tr.querySelector('.rank').textContent = r.rank ? String(r.rank) : '';
      fillScore(tr.querySelector('.score'), r);
      tr.querySelector('.basis').textContent = basis(r);
      D.pc.forEach(function (j, k) {
        var v = cls && byState(cls.v[r.index], st);
        fillCell(tr.cells[3 + j], ps[k][r.index], v ? v[k] : '');
      });
      if (!r.rank) apart++;
      if (!r.rank && r.cn) apartCn++;
      (r.rank ? tbody : apartBody).appendChild(tr);
    });
    if (apartBox) apartBox.hidden = apart === 0;
    show('apart-cn', apartCn > 0);
    drawMainlandApart(ranked, w, cls, st);
    // The providers not ranked on price are said of the default class
    // with every switch off; under others the offers left out say so.
    show('providers-out', ci === D.class && st === 0);
    setText('scores-caption', fmt(T['evaluation.caption'], [ranked.filter(function (r) { return r.rank > 0; }).length, D.criteria.length, cls ? cls.name : '\u2014']));
    drawClass(cls, ps);
    drawRadar(ranked, w, ps);
    if (cls) drawOffers(w, cls, st);
    var h = state(w, ci, st);
    status.textContent = state(w, ci, 0) ? T['evaluation.changed'] : '';
    history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
    // The rows drawn anew link on with the switches (static/switches.js).
    if (window.gpucompareCarrySwitches) window.gpucompareCarrySwitches();
  }

  function apply(q) {
    switches.forEach(function (box) { box.checked = q.get(box.dataset.switch) === '1'; });
    if (cnBox) cnBox.checked = q.has('cn') ? q.get('cn') === '1' : !!D.cnOn;
    D.criteria.forEach(function (c, j) {
      if (!inputs[j]) return;
      var v = q.get(c.id);
      inputs[j].value = v !== null && v !== '' && isFinite(Number(v)) ? v : String(c.w);
    });
    if (select && D.classes.length) {
      var want = q.get('class');
      var ok = D.classes.some(function (c) { return c.id === want; });
      select.value = ok ? want : D.classes[D.class].id;
    }
  }

  form.addEventListener('input', update);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  document.getElementById('weights-reset').addEventListener('click', function () {
    apply(new URLSearchParams());
    update();
  });
  form.hidden = false;
  if (switchBox) switchBox.hidden = false;
  // The sliders wait behind their summary, so that the ranking is in
  // view; an address that carries weights opens them on a wide screen,
  // where they stand beside the ranking they changed.
  var panel = document.getElementById('weights-panel');
  var carried = Array.prototype.some.call(form.querySelectorAll('input[type=range]'), function (r) {
    return new URLSearchParams(location.hash.replace(/^#/, '')).has(r.name);
  });
  if (panel && carried && window.matchMedia('(min-width: 40rem)').matches) panel.open = true;

  var pending = false;
  function follow() {
    apply(new URLSearchParams(location.hash.replace(/^#/, '')));
    if (!state(weights(), classIndex(), switchState()) && !cnFirst()) return;
    // The radar is drawn by static/charts.js once the page has loaded.
    if (document.readyState === 'complete') update();
    else if (!pending) {
      pending = true;
      window.addEventListener('load', function () { update(); });
    }
  }
  window.addEventListener('hashchange', follow);
  follow();
})();
