// weights.js adds weight sliders and a GPU class list to the evaluation
// page (/evaluation/). The page ships, in <script type="application/json"
// id="weights-data">, each criterion's id, name and default weight, each
// provider's 0–100 score on every criterion it has a value for (null where
// unknown) under the default GPU class, and for every GPU class with a
// comparable price the providers' scores and values on the price criteria
// (the criteria compared within one class) and the offers of that class.
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

  function fmt(s, args) {
    var next = 0;
    return s.replace(/%(?:\[(\d+)\])?([sd%])/g, function (m, n, verb) {
      if (verb === '%') return '%';
      var k = n ? +n - 1 : next;
      next = k + 1;
      return String(args[k]);
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

  // scoreOf is provider i's score on criterion j under class cls.
  function scoreOf(cls, i, j) {
    if (priceAt[j] === undefined) return D.providers[i].s[j];
    var s = cls && cls.s[i];
    return s ? s[priceAt[j]] : null;
  }

  // place orders scored rows as guide.Score does: the ranked first, best
  // first, then those with too little data; ties keep the data's order.
  function place(out) {
    out.forEach(function (r) { r.ranked = r.share >= D.min; });
    out.sort(function (a, b) {
      if (a.ranked !== b.ranked) return a.ranked ? -1 : 1;
      return (a.ranked ? b.score - a.score : 0) || a.index - b.index;
    });
    var n = 0;
    out.forEach(function (r, i) {
      if (!r.ranked) { r.rank = 0; return; }
      n++;
      r.rank = i > 0 && out[i - 1].ranked && r.score === out[i - 1].score ? out[i - 1].rank : n;
    });
    return out;
  }

  function total(w) {
    var t = 0;
    w.forEach(function (x) { t += x; });
    return t;
  }

  // score ranks the providers under the weights w and class cls, as
  // guide.Score does.
  function score(w, cls) {
    var all = total(w);
    return place(D.providers.map(function (p, i) {
      var sum = 0, weight = 0, known = 0;
      D.criteria.forEach(function (c, j) {
        var sc = scoreOf(cls, i, j);
        if (sc == null) return;
        known++;
        sum += sc * w[j];
        weight += w[j];
      });
      return { index: i, provider: p, score: weight > 0 ? sum / weight : 0, share: all > 0 ? weight / all : 0, known: known };
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

  function drawRadar(ranked, w, cls) {
    var box = document.querySelector('.chart-radar .chart[id$="-box"]');
    var chart = box && window.echarts && window.echarts.getInstanceByDom(box);
    if (!chart) return;
    var top = ranked.filter(function (r) { return r.ranked; }).slice(0, D.top), cols = [];
    D.criteria.forEach(function (c, j) {
      if (w[j] > 0 && top.every(function (r) { return scoreOf(cls, r.index, j) != null; })) cols.push(j);
    });
    if (cols.length < 3) return; // as the generator, no radar on fewer than three axes
    chart.setOption({
      legend: { data: top.map(function (r) { return r.provider.name; }) },
      radar: { indicator: cols.map(function (j) { return { name: truncate(D.criteria[j].name, 24), max: 100 }; }) },
      series: top.map(function (r) {
        return {
          name: r.provider.name, type: 'radar',
          data: [{ name: r.provider.name, value: cols.map(function (j) { return round(scoreOf(cls, r.index, j), 1); }) }],
          itemStyle: { color: r.provider.color }, lineStyle: { width: 2 }, areaStyle: { opacity: 0.08 },
        };
      }),
    }, { replaceMerge: ['series'] });
  }

  // scoreOffers ranks the offers of class cls under the weights w, as
  // guide.ScoreOffers and the generator's termsScore do.
  var offerCrit = {};
  D.oc.forEach(function (j, k) { offerCrit[j] = k; });
  function scoreOffers(w, cls) {
    var all = total(w);
    return place(cls.offers.map(function (o, i) {
      var sum = 0, weight = 0, known = 0, tsum = 0, tweight = 0;
      var terms = cls.t[o.p] || [];
      D.criteria.forEach(function (c, j) {
        var own = offerCrit[j] !== undefined;
        var sc = own ? o.s[offerCrit[j]] : terms[j];
        if (sc == null) return;
        known++;
        sum += sc * w[j];
        weight += w[j];
        if (!own) { tsum += sc * w[j]; tweight += w[j]; }
      });
      return { index: i, offer: o, score: weight > 0 ? sum / weight : 0, share: all > 0 ? weight / all : 0, known: known, terms: tweight > 0 ? tsum / tweight : null };
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
  // ranked" for a row with too little data.
  function fillScore(td, r) {
    while (td.firstChild) td.removeChild(td.firstChild);
    if (!r.rank) { td.appendChild(el('span', 'not-ranked', T['evaluation.not_ranked'])); return; }
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
    th.appendChild(sub);
    tr.appendChild(th);
    var sc = el('td', 'num score');
    fillScore(sc, r);
    tr.appendChild(sc);
    tr.appendChild(el('td', 'basis', basis(r)));
    o.s.forEach(function (s, k) { tr.appendChild(scoreCell(s, o.v[k])); });
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
  function drawOffers(w, cls) {
    if (!offerTable) return;
    var scored = scoreOffers(w, cls);
    var ranked = scored.filter(function (r) { return r.ranked; });
    var body = document.createElement('tbody');
    ranked.slice(0, D.offerTop).forEach(function (r) { body.appendChild(offerRow(r)); });
    offerTable.replaceChild(body, offerTable.tBodies[0]);
    var shown = Math.min(ranked.length, D.offerTop);
    setText('offer-scores-caption', fmt(T['evaluation.offers_caption'], [shown, ranked.length, cls.name]));
    show('offer-ranking', shown > 0);
    show('offers-none', shown === 0);
    var apart = scored.filter(function (r) { return !r.ranked; }).map(function (r) {
      return fmt(T['evaluation.offer_apart'], [r.offer.n, D.providers[r.offer.p].name, r.offer.d]);
    });
    setText('offers-apart', fmt(T['evaluation.offers_apart'], [apart.length, cls.name, apart.join('; ')]));
    show('offers-apart', apart.length > 0);
  }

  // drawClass writes what depends on the class alone: the note naming it
  // and how many providers have a value on each price criterion.
  function drawClass(cls) {
    if (!cls) return;
    setText('class-note', fmt(T['evaluation.class_note'], [cls.name]));
    D.pc.forEach(function (j, k) {
      var cell = document.querySelector('#criterion-' + CSS.escape(D.criteria[j].id) + ' .known');
      if (cell) cell.textContent = fmt(T['evaluation.known'], [cls.k[k], D.providers.length]);
    });
  }

  var status = document.getElementById('weights-status');

  function state(w, ci) {
    var q = new URLSearchParams();
    D.criteria.forEach(function (c, j) { if (w[j] !== c.w) q.set(c.id, String(w[j])); });
    if (ci !== D.class) q.set('class', D.classes[ci].id);
    return q.toString();
  }

  function update() {
    var w = weights(), ci = classIndex(), cls = D.classes[ci];
    inputs.forEach(function (input, j) {
      if (input) input.parentNode.querySelector('output').textContent = num(w[j]);
    });
    var ranked = score(w, cls), apart = 0;
    ranked.forEach(function (r) {
      var tr = rows[r.index];
      if (!tr) return;
      tr.querySelector('.rank').textContent = r.rank ? String(r.rank) : '';
      fillScore(tr.querySelector('.score'), r);
      tr.querySelector('.basis').textContent = basis(r);
      D.pc.forEach(function (j, k) {
        var s = cls && cls.s[r.index];
        fillCell(tr.cells[3 + j], s ? s[k] : null, cls && cls.v[r.index] ? cls.v[r.index][k] : '');
      });
      if (!r.rank) apart++;
      (r.rank ? tbody : apartBody).appendChild(tr);
    });
    if (apartBox) apartBox.hidden = apart === 0;
    setText('scores-caption', fmt(T['evaluation.caption'], [ranked.length - apart, D.criteria.length, cls ? cls.name : '\u2014']));
    drawClass(cls);
    drawRadar(ranked, w, cls);
    if (cls) drawOffers(w, cls);
    var h = state(w, ci);
    status.textContent = h ? T['evaluation.changed'] : '';
    history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
  }

  function apply(q) {
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
    if (!state(weights(), classIndex())) return;
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
