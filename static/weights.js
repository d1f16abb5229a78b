// weights.js adds weight sliders to the evaluation page (/evaluation/).
// The page ships, in <script type="application/json" id="weights-data">,
// each criterion's id, name and default weight, and each provider's 0–100
// score on every criterion it has a value for (null where unknown). A
// slider changes a weight; the ranking is worked out again at once with
// the generator's rule (guide.Score): a provider's score is the weighted
// mean of its known scores, the unknown criteria's weights left out and
// the rest renormalised; equal scores keep catalog order. The rows of the
// ranking table move into the new order, their scores and the share of
// the weight they rest on are written again, and the radar chart redraws
// the new leaders over the criteria they all have a value for. Changed
// weights are kept in the URL's fragment (#price-performance=20&sla=0), so
// a link ranks the same way, from file:// too. The offers are ranked
// again the same way, each on its own scores for the offer criteria and
// its provider's terms for the rest, and the table below the providers
// is written anew with the new best. Without this script the default
// rankings stand.
(function () {
  'use strict';
  var block = document.getElementById('weights-data');
  var form = document.getElementById('weights');
  var table = document.getElementById('scores');
  if (!block || !form || !table) return;
  var D = JSON.parse(block.textContent);
  var T = D.text;
  var tbody = table.tBodies[0];
  var rows = {}; // provider index → its row
  Array.prototype.forEach.call(tbody.rows, function (tr) { rows[tr.getAttribute('data-provider')] = tr; });
  var inputs = D.criteria.map(function (c) { return form.elements[c.id]; });

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
      var v = Number(input.value);
      return input && isFinite(v) && v >= 0 ? v : D.criteria[i].w;
    });
  }

  // score ranks the providers under the weights w, as guide.Score does.
  function score(w) {
    var total = 0;
    w.forEach(function (x) { total += x; });
    var out = D.providers.map(function (p, i) {
      var sum = 0, weight = 0, known = 0;
      D.criteria.forEach(function (c, j) {
        var sc = p.s[j];
        if (sc == null) return;
        known++;
        sum += sc * w[j];
        weight += w[j];
      });
      return { index: i, provider: p, score: weight > 0 ? sum / weight : 0, share: total > 0 ? weight / total : 0, known: known };
    });
    out.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    out.forEach(function (r, i) { r.rank = i > 0 && r.score === out[i - 1].score ? out[i - 1].rank : i + 1; });
    return out;
  }

  function basis(r) {
    var of = D.criteria.length;
    if (r.known === 0) return fmt(T['evaluation.basis_none'], [of]);
    if (r.known === of) return fmt(T['evaluation.basis_all'], [of]);
    return fmt(T['evaluation.basis'], [r.known, of, num(round(r.share * 100, 0))]);
  }

  function truncate(s, n) {
    var r = Array.from(s);
    return r.length <= n ? s : r.slice(0, n - 1).join('').trim() + '\u2026';
  }

  function drawRadar(ranked, w) {
    var box = document.querySelector('.chart-radar .chart[id$="-box"]');
    var chart = box && window.echarts && window.echarts.getInstanceByDom(box);
    if (!chart) return;
    var top = ranked.slice(0, D.top), cols = [];
    D.criteria.forEach(function (c, j) {
      if (w[j] > 0 && top.every(function (r) { return r.provider.s[j] != null; })) cols.push(j);
    });
    if (cols.length < 3) return; // as the generator, no radar on fewer than three axes
    chart.setOption({
      legend: { data: top.map(function (r) { return r.provider.name; }) },
      radar: { indicator: cols.map(function (j) { return { name: truncate(D.criteria[j].name, 24), max: 100 }; }) },
      series: top.map(function (r) {
        return {
          name: r.provider.name, type: 'radar',
          data: [{ name: r.provider.name, value: cols.map(function (j) { return round(r.provider.s[j], 1); }) }],
          itemStyle: { color: r.provider.color }, lineStyle: { width: 2 }, areaStyle: { opacity: 0.08 },
        };
      }),
    }, { replaceMerge: ['series'] });
  }

  // scoreOffers ranks every offer under the weights w, as guide.ScoreOffers
  // and the generator's termsScore do.
  var offerCrit = {};
  D.oc.forEach(function (j, k) { offerCrit[j] = k; });
  function scoreOffers(w) {
    var total = 0;
    w.forEach(function (x) { total += x; });
    var out = D.offers.map(function (o, i) {
      var sum = 0, weight = 0, known = 0, tsum = 0, tweight = 0;
      var terms = D.providers[o.p].t;
      D.criteria.forEach(function (c, j) {
        var own = offerCrit[j] !== undefined;
        var sc = own ? o.s[offerCrit[j]] : terms[j];
        if (sc == null) return;
        known++;
        sum += sc * w[j];
        weight += w[j];
        if (!own) { tsum += sc * w[j]; tweight += w[j]; }
      });
      return { index: i, offer: o, score: weight > 0 ? sum / weight : 0, share: total > 0 ? weight / total : 0, known: known, terms: tweight > 0 ? tsum / tweight : null };
    });
    out.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    out.forEach(function (r, i) { r.rank = i > 0 && r.score === out[i - 1].score ? out[i - 1].rank : i + 1; });
    return out;
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

  function scoreCell(score, value) {
    var td = el('td', 'num');
    if (score == null) { td.appendChild(unknown()); return td; }
    td.appendChild(document.createTextNode(num(round(score, 1))));
    if (value) td.appendChild(el('span', 'sub', value));
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
    sc.appendChild(el('strong', null, num(round(r.score, 1))));
    var m = el('meter');
    m.min = 0; m.max = 100; m.value = round(r.score, 1);
    m.setAttribute('aria-hidden', 'true');
    sc.appendChild(m);
    tr.appendChild(sc);
    tr.appendChild(el('td', 'basis', basis(r)));
    o.s.forEach(function (s, k) { tr.appendChild(scoreCell(s, o.v[k])); });
    var terms = scoreCell(r.terms, '');
    terms.className = 'num provider-terms';
    tr.appendChild(terms);
    return tr;
  }

  var offerTable = document.getElementById('offer-scores');
  function drawOffers(w) {
    if (!offerTable) return;
    var body = document.createElement('tbody');
    scoreOffers(w).slice(0, D.offerTop).forEach(function (r) { body.appendChild(offerRow(r)); });
    offerTable.replaceChild(body, offerTable.tBodies[0]);
  }

  var status = document.getElementById('weights-status');

  function state(w) {
    var q = new URLSearchParams();
    D.criteria.forEach(function (c, j) { if (w[j] !== c.w) q.set(c.id, String(w[j])); });
    return q.toString();
  }

  function update() {
    var w = weights();
    inputs.forEach(function (input, j) {
      if (input) input.parentNode.querySelector('output').textContent = num(w[j]);
    });
    var ranked = score(w);
    ranked.forEach(function (r) {
      var tr = rows[r.index];
      if (!tr) return;
      tr.querySelector('.rank').textContent = String(r.rank);
      tr.querySelector('.score strong').textContent = num(round(r.score, 1));
      tr.querySelector('.score meter').value = round(r.score, 1);
      tr.querySelector('.basis').textContent = basis(r);
      tbody.appendChild(tr);
    });
    drawRadar(ranked, w);
    drawOffers(w);
    var h = state(w);
    status.textContent = h ? T['evaluation.changed'] : '';
    history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
  }

  function apply(q) {
    D.criteria.forEach(function (c, j) {
      if (!inputs[j]) return;
      var v = q.get(c.id);
      inputs[j].value = v !== null && v !== '' && isFinite(Number(v)) ? v : String(c.w);
    });
  }

  form.addEventListener('input', update);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  document.getElementById('weights-reset').addEventListener('click', function () {
    apply(new URLSearchParams());
    update();
  });
  form.hidden = false;
  // The sliders stand open beside a wide ranking; on a phone they wait
  // behind their summary, so the ranking is in view.
  var panel = document.getElementById('weights-panel');
  if (panel && window.matchMedia('(min-width: 40rem)').matches) panel.open = true;

  var pending = false;
  function follow() {
    apply(new URLSearchParams(location.hash.replace(/^#/, '')));
    if (!state(weights())) return;
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
