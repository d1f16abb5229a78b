// tco.js is the calculator of a scenario page (/scenarios/<id>/). The page
// ships, in <script type="application/json" id="tco-data">, the scenario's
// workload, limits and strategies, every offer's figures in the site
// currency (effective hourly price per pricing model, GPU count, GPU
// memory, billing step and minimum, storage and egress prices with their
// rate) and the message templates the tables are written with. The buyer
// changes the workload (#tco-calc) or a strategy's split (.split), and
// every strategy's ranking, left-out list and chart is worked out again
// here with the rules of the generator (pricing.Eligible and
// pricing.ScenarioTCO, the same operations in the same order, so the same
// figures), and written the way the page writes them. The figures are kept
// in the URL's fragment (#months=24&mix-reserved-1y-plus-spot=50,50), so a
// link shows them again, from file:// too. Without this script the
// shipped scenario's tables stand.
(function () {
  'use strict';
  var block = document.getElementById('tco-data');
  var form = document.getElementById('tco-calc');
  if (!block || !form) return;
  var D = JSON.parse(block.textContent);
  var T = D.text;
  // cur is a currency code as the page's language writes it beside an
  // amount (currency_unit: 元, 美元), else the code.
  function cur(code) {
    var s = T['currency_unit.' + code];
    return s === undefined ? code : s;
  }
  var HPM = D.hoursPerMonth;

  // --- Writing: messages and figures as the generator writes them.

  // fmt fills a message template the way Go's fmt does for the verbs
  // messages use: %s, %d, %[n]s and %%.
  function fmt(s, args) {
    var next = 0;
    return s.replace(/%(?:\[(\d+)\])?([sd%])/g, function (m, n, verb) {
      if (verb === '%') return '%';
      var k = n ? +n - 1 : next;
      next = k + 1;
      return typeof args[k] === 'number' && Number.isInteger(args[k]) ? num(args[k]) : String(args[k]); // a count grouped, as the build writes it
    });
  }

  // plain writes a number as Go's strconv.FormatFloat(v, 'f', -1, 64):
  // the shortest decimal that reads back as v, never an exponent.
  function plain(v) {
    if (typeof v !== 'number') return String(v);
    var s = String(v);
    if (!/e/.test(s)) return s;
    return Math.abs(v) < 1 ? v.toFixed(20).replace(/\.?0+$/, '') : BigInt(Math.round(v)).toString();
  }

  // round is pricing.Round: half away from zero, on the shortest decimal
  // that reads back as v, so 2.675 rounds to 2.68.
  function round(v, places) {
    if (!isFinite(v)) return v;
    var parts = plain(Math.abs(v)).split('.');
    var whole = parts[0], frac = parts[1] || '';
    if (frac.length <= places) return v;
    var digits = BigInt(whole + frac.slice(0, places));
    if (frac.charCodeAt(places) >= 53) digits += BigInt(1); // '5'
    var s = digits.toString();
    while (s.length < places + 1) s = '0' + s;
    var r = parseFloat(places ? s.slice(0, s.length - places) + '.' + s.slice(s.length - places) : s);
    return v < 0 ? -r : r;
  }

  // group puts thousands separators into a number written out.
  function group(s) {
    var sign = '';
    if (s.charAt(0) === '-') { sign = '\u2212'; s = s.slice(1); }
    var p = s.split('.'), w = p[0], out = '';
    for (var i = 0; i < w.length; i++) {
      if (i > 0 && (w.length - i) % 3 === 0) out += ',';
      out += w.charAt(i);
    }
    return sign + out + (p.length > 1 ? '.' + p[1] : '');
  }

  function num(v) { return group(plain(v)); }

  // months writes a number of months as the template function "months":
  // "1 month", "12 months".
  function months(v) { return v === 1 ? T['scenario.months_1'] : fmt(T['scenario.months'], [num(v)]); }

  // derived writes an amount as the template function "derived"
  // (pricing.ShownDecimals): up to four significant digits, never fewer
  // than two decimals: 21.96, 0.7068, 0.0042, 1,234.50.
  function exponent(a) { return Number(a.toExponential().split('e')[1]); }
  function decimals(f) {
    var a = Math.abs(f);
    if (!(a > 0) || !isFinite(a)) return 2;
    var places = Math.max(2, 3 - exponent(a)), r = round(a, places), p = Math.max(2, 3 - exponent(r));
    if (p < places) { places = p; r = round(a, p); }
    var s = r.toFixed(places);
    while (places > 2 && s.charAt(s.length - 1) === '0') { s = s.slice(0, -1); places--; }
    return places;
  }
  function derived(f) {
    var p = decimals(f);
    return group(round(f, p).toFixed(p));
  }

  // amount writes an amount in the scenario's currency as the template
  // function "moneyin" (pricing.ShownDecimalsIn): a yuan amount to the
  // fen from 0.1 元 up (14.42, 3239.28), four decimals below (0.0205);
  // another currency as derived; grouped as the page's language groups.
  function decimalsIn(currency, f) {
    var a = Math.abs(f);
    if (currency !== 'CNY' || !(a > 0) || !isFinite(a)) return decimals(f);
    return round(a, 2) >= 0.1 ? 2 : 4;
  }
  function amount(f) {
    var p = decimalsIn(D.currency, f);
    return group(round(f, p).toFixed(p));
  }

  // shown rounds a charted amount as the chart generator does.
  function shown(v) { return round(v, decimals(v)); }

  // --- Costing: pricing.Eligible and pricing.ScenarioTCO.

  var steps = { second: 1, minute: 60, hour: 3600, month: HPM * 3600 };

  // jobCost is pricing.JobCost: the hours rounded up to whole billing
  // steps, and to the minimum charge.
  function jobCost(hourly, hours, granularity, minimumSeconds) {
    var step = steps[granularity] || 1;
    var seconds = hours * 3600;
    seconds = Math.round(seconds * 1000) / 1000;
    var billed = Math.ceil(seconds / step) * step;
    billed = Math.max(billed, minimumSeconds);
    return hourly * billed / 3600;
  }

  function model(m) { return D.models[m] || m; }

  // bought is pricing.Bought: the mix as the offer buys it, each share
  // under the model of its term with a ranked price, then the cheapest,
  // then the model itself; share keeps the strategy's model.
  function bought(o, mix) {
    return mix.map(function (sh) {
      var best = sh.model, rank = 0;
      (D.sameTerm[sh.model] || [sh.model]).forEach(function (m) {
        var pr = o.m[m];
        if (!pr) return;
        var r = pr.h == null ? 1 : pr.u ? 2 : 3;
        if (r > rank || (r === rank && r > 1 && pr.h < o.m[best].h)) { best = m; rank = r; }
      });
      return { model: best, percent: sh.percent, share: sh.model };
    });
  }

  // reservedInstances is how many instances of per GPUs, always on, give
  // a number of GPU-hours a month.
  function reservedInstances(hours, per) { return Math.ceil(hours / (HPM * per)); }

  // needsPrice is pricing.NeedsPrice: a usage part the commitments' spare
  // hours run entirely needs no price.
  function needsPrice(w, per, mix, m) {
    if (D.committed[m] || per <= 0) return true;
    var spare = 0, usage = 0;
    mix.forEach(function (sh) {
      var hours = w.gpu_hours_per_month * sh.percent / 100;
      if (D.committed[sh.model]) spare += reservedInstances(hours, per) * HPM * per - hours;
      else usage += hours;
    });
    return !(usage <= spare);
  }

  // convert is catalog.ConvertWork: how many GPU-hours of the offer's GPU
  // do one GPU-hour of the reference GPU's work — 1 on the reference GPU
  // itself or with none; else by the scenario's benchmark where it has
  // results for both GPUs, else by their dense figures; null when
  // neither converts.
  function convert(o, w) {
    if (D.work.units) {
      // A workload of units: the hours one unit takes on the offer's GPU
      // by the benchmark's result (catalog.Benchmark.UnitHours); none
      // without a result, never a guess.
      var U = D.gpus[o.g];
      return U && U.u != null ? { f: U.u, by: 'units', result: U.ur } : null;
    }
    var ref = w.reference_gpu;
    if (!ref || o.g === ref) return { f: 1, by: 'same' };
    var R = D.gpus[ref], G = D.gpus[o.g];
    if (!R || !G) return null;
    if (R.b != null && G.b != null) return { f: R.b / G.b, by: 'benchmark', ref: R.b, own: G.b };
    if (R.t == null || G.t == null || !(R.t > 0) || !(G.t > 0)) return null;
    return { f: R.t / G.t, by: 'tflops', ref: R.t, own: G.t };
  }

  // work is pricing.Work: the workload as the offer runs it, its GPU-hours
  // and job hours in hours of the offer's GPU.
  function work(w, cv) {
    if (!cv) return w;
    var out = {};
    for (var k in w) out[k] = w[k];
    if (cv.by === 'units') { // a job runs the hours the workload says, on any GPU
      out.gpu_hours_per_month = w.units_per_month * cv.f;
      return out;
    }
    out.gpu_hours_per_month = w.gpu_hours_per_month * cv.f;
    out.job_hours = w.job_hours * cv.f;
    return out;
  }

  // convText words a conversion as the generator's conversionText does;
  // a conversion by units names its result in parts (see el).
  function convText(w, cv) {
    if (cv.by === 'units') {
      var mark = '\uE000';
      var out = [];
      fmt(T['scenario.conv.units'], [num(w.units_per_month), D.work.units, num(round(w.units_per_month * cv.f, 2)), D.work.benchmark, mark]).split(mark).forEach(function (piece, i) {
        if (i > 0) out = out.concat(cv.result || []);
        if (piece) out.push({ t: piece });
      });
      return out;
    }
    var R = w.reference_gpu ? D.gpus[w.reference_gpu] : null;
    if (!R) return '';
    if (cv.by === 'benchmark') {
      return fmt(T['scenario.conv.benchmark'], [R.n, num(round(cv.f, 4)), D.work.benchmark, num(round(cv.own, 4)), num(round(cv.ref, 4)), D.work.benchmarkUnit]);
    }
    if (cv.by === 'tflops') return fmt(T['scenario.conv.tflops'], [R.n, num(round(cv.f, 4)), D.work.precision, num(cv.own), num(cv.ref), D.work.precisionUnit]);
    return fmt(T['scenario.conv.same'], [R.n]);
  }

  // leftOut says why a mix does not rank an offer, or '' when it does: the
  // scenario's limits first, then what the costing needs; cv is the
  // offer's conversion of the work (convert), w the workload as it runs
  // it (work).
  function leftOut(o, w, mix, cv) {
    function noPrice(m) {
      var pr = o.m[m];
      if (o.np) return T['scenario.why.not_public'];
      if (!pr && D.sameTerm[m]) {
        return fmt(T['scenario.why.no_term_price'], [D.shares[m], D.sameTerm[m].map(model).join(T['scenario.term_sep'])]);
      }
      if (!pr) return fmt(T['scenario.why.no_price'], [model(m)]);
      if (pr.h == null) return fmt(T['scenario.why.no_rate'], [cur(pr.x), cur(D.currency)]);
      return '';
    }
    var i, why;
    if (o.gm == null) return T['scenario.why.no_gpu'];
    if (!o.rk) return T['scenario.why.partial'];
    for (i = 0; i < mix.length; i++) {
      // An offer its provider no longer lists answers nothing, switch or not.
      var u = o.m[mix[i].model] && o.m[mix[i].model].u;
      // "Include estimates" lets in any other price still listed; the two
      // answer switches those their state lets answer (answers).
      if (u && (u === 'superseded' || u === 'restricted' || !(w.estimates || answers(o.m[mix[i].model], w)))) return fmt(T['scenario.why.unranked'], [model(mix[i].model)]);
    }
    if (w.min_gpu_memory_gb != null) {
      if (o.mem == null) return T['scenario.why.memory_unknown'];
      if (o.mem < w.min_gpu_memory_gb) return fmt(T['scenario.why.memory'], [num(w.min_gpu_memory_gb)]);
    }
    var lim = D.limits;
    // A GPU model picked in the calculator replaces the scenario's limit.
    if (w.gpu_model) {
      if (o.gm !== w.gpu_model) return fmt(T['scenario.why.gpu_pick'], [w.gpu_model]);
    } else if (lim.models && lim.models.length && lim.models.indexOf(o.gm) < 0) return T['scenario.why.gpu_model'];
    if (lim.kinds && lim.kinds.length && lim.kinds.indexOf(o.k) < 0) return T['scenario.why.provider_kind'];
    // A mainland region's price in dollars, the international site's, is
    // not what the China site charges (the offer's oi).
    if (o.og) return T[o.oi ? 'scenario.why.intl_site' : 'scenario.why.geo'];
    if (o.oc) return fmt(T['scenario.why.certification'], [lim.certs]);
    if (w.max_per_gpu_hour != null) {
      for (i = 0; i < mix.length; i++) {
        if (!needsPrice(w, o.n, mix, mix[i].model)) continue;
        if ((why = noPrice(mix[i].model))) return why;
        if (o.n <= 0) return T['scenario.why.gpu_count'];
        if (o.m[mix[i].model].h / o.n > w.max_per_gpu_hour)
          return fmt(T['scenario.why.ceiling'], [model(mix[i].model), derived(w.max_per_gpu_hour), cur(D.currency)]);
      }
    }
    if (!cv) return D.work.units ? T['scenario.why.no_result'] : fmt(T['scenario.why.no_conversion'], [D.work.precision]);
    if (o.n <= 0) return T['scenario.why.gpu_count'];
    if (o.n < w.gpus_per_job && !w.splittable) return fmt(T['scenario.why.unsplittable'], [w.gpus_per_job, o.n]);
    for (i = 0; i < mix.length; i++) {
      var m = mix[i].model;
      if (needsPrice(w, o.n, mix, m) && (why = noPrice(m))) return why;
      if (m === 'spot' && !w.interruptible) return T['scenario.why.uninterruptible'];
      var term = D.terms[m] || 0;
      if (term > 0 && w.months < term / HPM) return fmt(T['scenario.why.outlasts'], [model(m), num(term / HPM), num(w.months)]);
    }
    return '';
  }

  // monthly is a per-GB rate times GB a month, or null when unknown; no
  // GB costs nothing even where the rate is unknown.
  function monthly(rate, gb) {
    if (gb === 0) return 0;
    if (!rate) return null;
    return rate.p * gb * rate.f;
  }

  // cost is what the workload costs on an offer under a mix that
  // leftOut lets through, part by part, with the notes. The commitments'
  // whole instances give their spare GPU-hours to the usage parts, the
  // dearest per GPU-hour first, which buy only the rest.
  function cost(o, w, mix) {
    var per = o.n, perJob = Math.ceil(w.gpus_per_job / per);
    var t = { parts: {}, compute: 0, notes: [], kinds: [] };
    var parts = [], usage = [], spare = 0;
    mix.forEach(function (sh, i) {
      var pr = o.m[sh.model];
      var part = { model: sh.model, share: sh.share, gpuHours: w.gpu_hours_per_month * sh.percent / 100, covered: 0 };
      if (D.committed[sh.model]) {
        part.instances = reservedInstances(part.gpuHours, per);
        part.perMonth = part.instances * pr.h * HPM;
        part.basis = fmt(T['scenario.basis.committed'], [part.instances, model(sh.model), HPM]);
        spare += part.instances * HPM * per - part.gpuHours;
      } else {
        part.hours = w.job_hours;
        if (sh.model === 'spot' && w.checkpoint_overhead_pct > 0) part.hours *= 1 + w.checkpoint_overhead_pct / 100;
        part.instances = perJob;
        part.jobCost = pr && pr.h != null ? jobCost(pr.h, part.hours, o.gr, o.min) : 0; // else the spare hours run all of it
        part.index = i;
        usage.push(part);
      }
      parts.push(part);
    });
    function perGPUHour(p) { return perJob * p.jobCost / (w.gpus_per_job * w.job_hours); }
    usage.sort(function (a, b) { return perGPUHour(b) - perGPUHour(a) || a.index - b.index; });
    usage.forEach(function (part) {
      part.covered = Math.min(spare, part.gpuHours);
      part.gpuHours -= part.covered;
      spare -= part.covered;
      var jobs = part.gpuHours / (w.gpus_per_job * w.job_hours);
      part.perMonth = jobs * perJob * part.jobCost;
      var billed = o.gr ? D.granularities[o.gr] || o.gr : T['scenario.basis.granularity_unknown'];
      if (o.min > 0) billed = fmt(T['scenario.basis.minimum'], [billed, num(o.min)]);
      part.basis = part.covered > 0 && part.gpuHours === 0
        ? T['scenario.basis.covered']
        : fmt(T['scenario.basis.jobs'], [num(round(jobs, 2)), num(round(part.hours, 2)), perJob, billed]);
    });
    parts.forEach(function (part) {
      t.parts[part.share] = part;
      if (part.covered > 0 && part.gpuHours === 0) {
        t.notes.push(fmt(T['scenario.note.covered_all'], [model(part.model), num(round(part.covered, 2))]));
        t.compute += part.perMonth;
        return;
      }
      var pr = o.m[part.model];
      var term = !!D.committed[part.model];
      if (term) {
        if (pr.d != null) t.notes.push(fmt(T['scenario.note.discount_only'], [model(part.model), num(pr.d)]));
      } else if (part.model === 'spot' && w.checkpoint_overhead_pct > 0 && part.gpuHours > 0) {
        t.notes.push(fmt(T['scenario.note.spot_overhead'], [num(w.checkpoint_overhead_pct)]));
      }
      // An article's figure or an estimate says so (pricing.FromArticle, pricing.Estimated).
      // Any price rankings leave out (pr.u: stale, undated, a marketplace's,
      // superseded, an article's, an estimate) is noted as an article's
      // figure when its source is an article, else as an estimate, and
      // marked with its source's kind (pr.s), as scenarios.go unrankedKinds.
      // A stale, undated or marketplace's price included by its switch
      // says which (scenario.note.stale …).
      var note = /^(stale|undated|marketplace)$/.test(pr.u) ? pr.u : pr.s === 'article' ? 'article' : 'estimate';
      if (pr.u && !(term && pr.d != null)) t.notes.push(fmt(T['scenario.note.' + note], [model(part.model)]));
      if (pr.u && pr.s && t.kinds.indexOf(pr.s) < 0) t.kinds.push(pr.s);
      if (part.covered > 0) t.notes.push(fmt(T['scenario.note.covered'], [model(part.model), num(round(part.covered, 2))]));
      t.compute += part.perMonth;
    });
    t.storage = monthly(o.st, w.storage_tb * 1000);
    t.egress = monthly(o.eg, w.egress_tb_per_month * 1000);
    if (t.storage == null && w.storage_tb > 0) t.notes.push(T['scenario.note.storage_unknown']);
    if (t.egress == null && w.egress_tb_per_month > 0) t.notes.push(T['scenario.note.egress_unknown']);
    t.complete = t.storage != null && t.egress != null; // else the total is a lower bound
    t.perMonth = t.compute + (t.storage || 0) + (t.egress || 0);
    t.total = t.perMonth * w.months;
    return t;
  }

  // rank costs every offer under a mix: the ranked rows cheapest first,
  // a lower bound by its known part (catalog order between equals),
  // whether some totals are lower bounds, and the groups of left-out
  // offers, the most common reason first.
  function rank(w, shares) {
    var r = rankWith(w, shares);
    if (r.rows.length || w.estimates) return r;
    // No offer with a ranked price can run it: the offers whose figures
    // come from articles or are estimates stand in, marked.
    var all = {};
    for (var k in w) all[k] = w[k];
    all.estimates = true;
    var un = rankWith(all, shares);
    if (!un.rows.length) return r;
    un.unranked = true;
    return un;
  }

  function rankWith(w, shares) {
    var mix = shares.filter(function (sh) { return sh.percent > 0; });
    var rows = [], groups = [], byWhy = {};
    D.offers.forEach(function (o, i) {
      var bmix = bought(o, mix);
      var cv = convert(o, w), ow = work(w, cv);
      var why = leftOut(o, ow, bmix, cv);
      if (why) {
        if (!byWhy[why]) { byWhy[why] = { reason: why, offers: [], first: groups.length }; groups.push(byWhy[why]); }
        byWhy[why].offers.push(o.l);
        return;
      }
      var t = cost(o, ow, bmix);
      t.conv = convText(w, cv);
      t.offer = o;
      t.index = i;
      rows.push(t);
    });
    // As the generator ranks: by the total, a lower bound by its known part.
    rows.forEach(function (r) { r.key = r.perMonth; });
    rows.sort(function (a, b) { return a.key - b.key || a.index - b.index; });
    rows.forEach(function (r, i) {
      r.rank = i > 0 && r.key === rows[i - 1].key ? rows[i - 1].rank : i + 1;
    });
    groups.sort(function (a, b) { return b.offers.length - a.offers.length || a.first - b.first; });
    var lowerBounds = rows.length > 1 && rows.some(function (r) { return !r.complete; }); // one offer is compared with none
    return { rows: rows, left: groups, lefts: D.offers.length - rows.length, lowerBounds: lowerBounds };
  }

  // --- The page: each strategy's section drawn again.

  // el is an element of tag and class cls holding text: a string, or a
  // list of parts ({t: words, l: their language where it is not the
  // page's}, a name the catalog writes in its own language), each set as
  // text, a part in another language in a span marked with it.
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (Array.isArray(text)) {
      text.forEach(function (p) {
        if (!p.l) { e.appendChild(document.createTextNode(p.t)); return; }
        var s = document.createElement('span');
        s.lang = p.l;
        s.textContent = p.t;
        e.appendChild(s);
      });
    } else if (text != null) e.textContent = text;
    return e;
  }

  // breakable appends a name that may wrap after '.', '_' and '-' only,
  // as the template function "wbr" writes it.
  function breakable(parent, s) {
    var start = 0;
    for (var i = 0; i + 1 < s.length; i++) {
      var c = s.charAt(i);
      if ((c === '.' || c === '_' || c === '-') && '._- '.indexOf(s.charAt(i + 1)) < 0) {
        parent.appendChild(document.createTextNode(s.slice(start, i + 1)));
        parent.appendChild(document.createElement('wbr'));
        start = i + 1;
      }
    }
    parent.appendChild(document.createTextNode(s.slice(start)));
  }

  // money writes an amount: "—" with a title when unknown, "≥ …" when
  // it is a lower bound.
  function money(td, v, unknownTitle, lowerBound) {
    if (v == null) {
      var a = el('abbr', 'unknown', '\u2014');
      a.title = unknownTitle;
      td.appendChild(a);
    } else {
      td.appendChild(document.createTextNode(lowerBound ? fmt(T['scenario.at_least'], [amount(v)]) : amount(v)));
    }
  }

  var sections = [];
  D.strategies.forEach(function (st) {
    var sec = document.getElementById('strategy-' + st.id);
    if (!sec) return;
    var s = { st: st, el: sec, split: sec.querySelector('.split'), inputs: [] };
    s.labels = Array.prototype.map.call(sec.querySelectorAll('table.tco thead th'), function (th) {
      return th.getAttribute('data-label') || '';
    });
    var box = sec.querySelector('.chart[id$="-box"]');
    if (box) {
      s.box = box;
      s.block = document.getElementById(box.id.replace(/-box$/, ''));
      s.title = document.getElementById(box.id.replace(/-box$/, '-title'));
      s.template = JSON.parse(s.block.textContent);
    }
    if (s.split) s.inputs = Array.prototype.slice.call(s.split.querySelectorAll('input[data-model]'));
    sections.push(s);
  });

  function drawRows(s, w, r) {
    var tbody = s.el.querySelector('table.tco tbody');
    var frag = document.createDocumentFragment();
    r.rows.forEach(function (t) {
      var o = t.offer, tr = el('tr'), col = 2;
      tr.appendChild(el('td', 'num rank', String(t.rank)));
      var th = el('th');
      th.scope = 'row';
      var a = el('a');
      a.href = o.iu;
      breakable(a, o.i);
      th.appendChild(a);
      var sub = el('span', 'sub');
      var pa = el('a', null, o.p);
      pa.href = o.pu;
      sub.appendChild(pa);
      sub.appendChild(document.createTextNode(' \u00b7 ' + (o.r || T['region.all'])));
      th.appendChild(sub);
      // Marked, as every listed article's figure or estimate is.
      t.kinds.forEach(function (k) {
        var label = el('span', 'kind kind-' + k, T['trust.kind.' + k]);
        label.title = T['trust.kind_title.' + k];
        th.appendChild(document.createTextNode(' '));
        th.appendChild(label);
      });
      tr.appendChild(th);
      [[t.total, 'num total'], [t.perMonth, 'num']].forEach(function (c) {
        var td = el('td', c[1]);
        td.setAttribute('data-label', s.labels[col++]);
        money(td, c[0], null, !t.complete);
        tr.appendChild(td);
      });
      s.st.mix.forEach(function (sh) {
        var part = t.parts[sh.model], td = el('td', 'num');
        td.setAttribute('data-label', s.labels[col++]);
        td.appendChild(document.createTextNode(amount(part ? part.perMonth : 0)));
        if (part) td.appendChild(el('span', 'sub', part.basis));
        tr.appendChild(td);
      });
      var cells = [
        [t.storage, 'num', T['scenario.unknown_storage']],
        [t.egress, 'num', T['scenario.unknown_egress']],
      ];
      cells.forEach(function (c) {
        var td = el('td', c[1]);
        td.setAttribute('data-label', s.labels[col++]);
        money(td, c[0], c[2]);
        tr.appendChild(td);
      });
      var notes = el('td', 'notes');
      notes.setAttribute('data-label', s.labels[col++]);
      if (t.conv) notes.appendChild(el('span', 'note-line conversion', t.conv));
      t.notes.forEach(function (n) { notes.appendChild(el('span', 'note-line', n)); });
      tr.appendChild(notes);
      frag.appendChild(tr);
    });
    tbody.textContent = '';
    tbody.appendChild(frag);
    var wrap = s.el.querySelector('table.tco').closest('.table-wrap');
    wrap.hidden = r.rows.length === 0;
    var fx = s.el.querySelector('.fx-note');
    if (fx) fx.hidden = wrap.hidden; // the rates are said beside a ranking, not beside none
    wrap.classList.toggle('tco-long', r.rows.length > 12);
    s.el.querySelector('.ranked').textContent = r.rows.length === 1
      ? fmt(T['scenario.ranked_1'], [months(w.months)])
      : r.rows.length
        ? fmt(T['scenario.ranked'], [r.rows.length, months(w.months)])
        : T['scenario.ranked_none'];

    var unranked = s.el.querySelector('.unranked-note');
    if (unranked) unranked.hidden = !r.unranked;
    var over = s.el.querySelector('.tco-months');
    if (over) over.textContent = months(w.months);

    var basis = s.el.querySelector('.rank-basis');
    basis.hidden = !r.lowerBounds;
    basis.textContent = r.lowerBounds ? T['scenario.ranked_lower_bounds'] : '';

    var left = s.el.querySelector('.left-out');
    left.hidden = r.left.length === 0;
    left.querySelector('p').textContent = fmt(T['scenario.left'], [r.lefts]);
    var ul = left.querySelector('ul');
    ul.textContent = '';
    r.left.forEach(function (g) {
      var li = el('li');
      li.appendChild(el('span', 'reason', g.reason));
      li.appendChild(document.createTextNode(' \u2014 ' + (g.offers.length === 1 ? T['scenario.left_1'] : fmt(T['scenario.left_n'], [g.offers.length]))));
      var det = el('details');
      det.appendChild(el('summary', null, T['scenario.left_names']));
      det.appendChild(el('p', null, g.offers.join('; ')));
      li.appendChild(det);
      ul.appendChild(li);
    });
  }

  // trustSpan writes what the partial "price-trust" writes of a price:
  // its age, counted by static/age.js, its freshness, its kind and the
  // mark of a price only a fork or mirror states (partial "copy-label").
  function trustSpan(p) {
    var span = el('span', 'trust');
    if (p.t && window.gpucompareAge) {
      var age = el('span', 'age', window.gpucompareAge(p.t));
      age.setAttribute('data-date', p.t);
      if (p.ck) {
        // The age counts from the last check, not the effective date.
        var checked = el('span', 'checked', T['trust.checked_pre']);
        checked.appendChild(age);
        checked.appendChild(document.createTextNode(T['trust.checked_post']));
        span.appendChild(checked);
      } else {
        span.appendChild(age);
      }
      span.appendChild(document.createTextNode(' '));
      var b = window.gpucompareBadge(p.t);
      var badge = el('span', 'fresh fresh-' + b, T['trust.badge.' + b]);
      badge.setAttribute('data-date', p.t);
      badge.title = T['trust.badge_title'];
      span.appendChild(badge);
    } else {
      var undated = el('span', 'age age-undated', T['trust.undated']);
      undated.title = T['trust.undated_title'];
      span.appendChild(undated);
    }
    if (p.s) {
      var kind = el('span', 'kind kind-' + p.s, T['trust.kind.' + p.s]);
      kind.title = T['trust.kind_title.' + p.s];
      span.appendChild(document.createTextNode(' '));
      span.appendChild(kind);
    }
    if (p.c) {
      var copy = el('span', 'tag copy copy-' + p.c, T['trust.copy.' + p.c]);
      copy.title = T['trust.copy_title.' + p.c];
      copy.setAttribute('data-twin', T['trust.copy_words.' + p.c]);
      span.appendChild(document.createTextNode(' '));
      span.appendChild(copy);
    }
    return span;
  }

  // drawAnswer writes the page's first table again: the cheapest offer
  // under each strategy that ranks one, as its section's first row.
  function drawAnswer(w) {
    var box = document.getElementById('scenario-answer');
    if (!box) return;
    var tbody = box.querySelector('tbody'), frag = document.createDocumentFragment(), any = false;
    var labels = box.querySelector('table').getAttribute('data-labels').split('|');
    sections.forEach(function (s) {
      var t = s.drawn ? s.top : null;
      if (!s.drawn) { // not drawn again: its static row stays
        var kept = tbody.querySelector('tr[data-strategy="' + s.st.id + '"]');
        if (kept) { frag.appendChild(kept); any = true; }
        return;
      }
      if (!t) return;
      any = true;
      var o = t.offer, tr = el('tr'), th = el('th'), a = el('a', null, s.st.name);
      tr.setAttribute('data-strategy', s.st.id);
      th.scope = 'row';
      a.href = '#strategy-' + s.st.id;
      th.appendChild(a);
      tr.appendChild(th);
      var td = el('td', 'offer'), ia = el('a');
      td.setAttribute('data-label', labels[0]);
      ia.href = o.iu;
      breakable(ia, o.i);
      td.appendChild(ia);
      var sub = el('span', 'sub'), pa = el('a', null, o.p);
      pa.href = o.pu;
      sub.appendChild(pa);
      sub.appendChild(document.createTextNode(' \u00b7 ' + (o.r || T['region.all'])));
      td.appendChild(sub);
      tr.appendChild(td);
      [[t.total, 'num total', labels[1]], [t.perMonth, 'num', labels[2]]].forEach(function (c) {
        var cell = el('td', c[1]);
        cell.setAttribute('data-label', c[2]);
        money(cell, c[0], null, !t.complete);
        // The unit, shown where the heading that names it is not (a phone's card).
        if (c[0] != null) cell.appendChild(el('span', 'card-unit', (T['punct.amount_space'] || '') + cur(D.currency)));
        tr.appendChild(cell);
      });
      // A part is kept under the strategy's model (reserved_1y) and
      // bought under the offer's own model of that term (cud_1y): its
      // price, age and kind are the bought model's.
      var trust = el('td', 'trust-cell'), models = Object.keys(t.parts).map(function (m) { return t.parts[m].model; }).filter(function (m) { return o.m[m]; });
      models.forEach(function (m, i) {
        if (i) trust.appendChild(el('br'));
        if (models.length > 1) {
          trust.appendChild(el('span', 'trust-model', model(m) + ':'));
          trust.appendChild(document.createTextNode(' '));
        }
        trust.appendChild(trustSpan(o.m[m]));
      });
      trust.setAttribute('data-label', labels[3]);
      tr.appendChild(trust);
      frag.appendChild(tr);
    });
    tbody.textContent = '';
    tbody.appendChild(frag);
    box.hidden = !any;
    var lead = document.getElementById('answer-lead');
    if (lead) lead.textContent = fmt(T['scenario.answer_lead'], [months(w.months)]);
    var unit = box.querySelector('.answer-months');
    if (unit) unit.textContent = months(w.months);
  }

  // heightClass is the chart size class for n bars, as the generator
  // picks it.
  function heightClass(n) {
    var px = D.frame + n * D.rowHeight;
    for (var i = 0; i < D.heights.length; i++) if (px <= D.heights[i]) return i + 1;
    return D.heights.length;
  }

  function drawChart(s, w, r) {
    if (!s.box) return;
    var top = r.rows.slice(0, D.top);
    var labels = top.map(function (t) {
      return fmt(T['scenario.chart.bar'], [t.offer.i, t.offer.p, t.offer.r || T['region.all']]);
    });
    var series = [];
    function add(key, name, values) {
      series.push({
        name: name, type: 'bar', stack: 'cost', barCategoryGap: '30%',
        data: values.map(function (v, i) { return { name: labels[i], value: v == null ? '-' : shown(v) }; }),
        itemStyle: { color: D.colors[key] },
      });
    }
    s.st.mix.forEach(function (sh) {
      add(sh.model, fmt(T['scenario.chart.compute'], [D.shares[sh.model] || model(sh.model)]), top.map(function (t) {
        return t.parts[sh.model] ? t.parts[sh.model].perMonth : 0;
      }));
    });
    if (w.storage_tb > 0) add('storage', T['scenario.chart.storage'], top.map(function (t) { return t.storage; }));
    if (w.egress_tb_per_month > 0) add('egress', T['scenario.chart.egress'], top.map(function (t) { return t.egress; }));
    var figure = s.box.closest('figure');
    figure.hidden = top.length === 0;
    s.title.textContent = fmt(T['scenario.chart.title'], [s.st.name, cur(D.currency)]);
    s.box.className = s.box.className.replace(/\bchart-h-\d+\b/, 'chart-h-' + heightClass(top.length));
    var chart = window.echarts && window.echarts.getInstanceByDom(s.box);
    if (chart) {
      chart.setOption({ yAxis: [{ data: labels }], series: series }, { replaceMerge: ['series'] });
      // static/charts.js lays the chart out again for its new size and rows.
      window.dispatchEvent(new Event('resize'));
    } else {
      // Not drawn yet: static/charts.js draws it from the block.
      var opts = JSON.parse(JSON.stringify(s.template));
      opts.yAxis = [].concat(opts.yAxis || []);
      if (opts.yAxis[0]) opts.yAxis[0].data = labels;
      opts.series = series;
      s.block.textContent = JSON.stringify(opts);
    }
  }

  // --- The figures: read from the form, kept in the URL.

  // answers reports whether a price rankings leave out by default (pr.u)
  // answers under the switches of w, as pricing.Price.Answers: the bit of
  // their state in pr.a (1 stale prices, 2 marketplaces, 4 estimates).
  function answers(pr, w) {
    var state = (w.stale ? 1 : 0) | (w.market ? 2 : 0) | (w.estimates ? 4 : 0);
    return ((pr.a || 0) >> state & 1) === 1;
  }

  // estimates, stale and market are not the workload's: the switches that
  // rank articles' figures and estimates, stale and undated prices and
  // marketplaces' too, off as shipped; stale and market are the answer
  // switches of every page (stale=1, market=1 in the URL).
  var fields = ['reference_gpu', 'gpu_model', 'gpu_hours_per_month', 'units_per_month', 'months', 'gpus_per_job', 'splittable', 'job_hours', 'min_gpu_memory_gb', 'interruptible',
    'checkpoint_overhead_pct', 'storage_tb', 'egress_tb_per_month', 'max_per_gpu_hour', 'estimates', 'stale', 'market'];
  var optional = { min_gpu_memory_gb: true, max_per_gpu_hour: true };
  var positive = { gpu_hours_per_month: true, units_per_month: true, months: true, job_hours: true, gpus_per_job: true, min_gpu_memory_gb: true, max_per_gpu_hour: true };

  // read takes the workload from the form; null (and the bad fields
  // marked) when a figure is not valid.
  function read() {
    var w = {}, ok = true;
    fields.forEach(function (f) {
      var input = form.elements[f];
      if (!input) { w[f] = D.workload[f]; return; }
      if (input.type === 'checkbox') { w[f] = input.checked; return; }
      if (input.tagName === 'SELECT') { w[f] = input.value; return; }
      var raw = input.value.trim(), v = raw === '' ? null : Number(raw), bad = false;
      if (v == null) bad = !optional[f];
      else bad = !isFinite(v) || v < 0 || (positive[f] && v <= 0) || (f === 'gpus_per_job' && v !== Math.floor(v));
      input.setAttribute('aria-invalid', bad ? 'true' : 'false');
      if (bad) ok = false;
      w[f] = v;
    });
    return ok ? w : null;
  }

  // shares reads a strategy's split; null when it does not add up to 100.
  function shares(s) {
    if (!s.inputs.length) return s.st.mix;
    var out = [], total = 0, ok = true;
    s.inputs.forEach(function (input, i) {
      var v = Number(input.value);
      if (input.value.trim() === '' || !isFinite(v) || v < 0 || v > 100) ok = false;
      out.push({ model: s.st.mix[i].model, percent: v });
      total += v;
    });
    var status = s.split.querySelector('.split-status');
    if (ok && Math.abs(total - 100) > 0.001) {
      ok = false;
      status.textContent = fmt(T['scenario.mix_invalid'], [num(round(total, 2))]);
    } else status.textContent = ok ? '' : T['scenario.input_invalid'];
    return ok ? out : null;
  }

  var defaults = {};
  fields.forEach(function (f) {
    var v = D.workload[f];
    defaults[f] = typeof v === 'boolean' ? (v ? '1' : '0') : v == null ? '' : plain(v);
  });

  // state is the form as URL parameters: only what differs from the
  // shipped scenario.
  function state() {
    var q = new URLSearchParams();
    fields.forEach(function (f) {
      var input = form.elements[f];
      if (!input) return;
      var v = input.type === 'checkbox' ? (input.checked ? '1' : '0') : input.value.trim();
      if (v !== defaults[f]) q.set(f, v);
    });
    sections.forEach(function (s) {
      if (!s.inputs.length) return;
      var v = s.inputs.map(function (i) { return i.value.trim(); }).join(',');
      var d = s.st.mix.map(function (sh) { return plain(sh.percent); }).join(',');
      if (v !== d) q.set('mix-' + s.st.id, v);
    });
    return q.toString();
  }

  function apply(q) {
    fields.forEach(function (f) {
      var input = form.elements[f];
      if (!input) return;
      var v = q.has(f) ? q.get(f) : defaults[f];
      if (input.type === 'checkbox') input.checked = v === '1';
      else input.value = v;
    });
    sections.forEach(function (s) {
      var v = q.get('mix-' + s.st.id), parts = v ? v.split(',') : [];
      s.inputs.forEach(function (input, i) {
        input.value = parts.length === s.inputs.length ? parts[i] : plain(s.st.mix[i].percent);
      });
    });
  }

  var status = document.getElementById('tco-status');

  function update(only) {
    var w = read();
    if (!w) {
      status.textContent = T['scenario.input_invalid'];
      return;
    }
    var h = state();
    status.textContent = h ? T['scenario.changed'] : '';
    sections.forEach(function (s) {
      if (only && s !== only) return;
      var mix = shares(s);
      if (!mix) return;
      var r = rank(w, mix);
      drawRows(s, w, r);
      drawChart(s, w, r);
      s.top = r.rows[0] || null;
      s.drawn = true;
    });
    drawAnswer(w);
    // The notes under the first table are the shipped scenario's: hidden
    // while the figures are the reader's.
    var notes = document.getElementById('answer-notes');
    if (notes) notes.hidden = !!h;
    history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
  }

  form.addEventListener('input', function () { update(null); });
  form.addEventListener('change', function () { update(null); });
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  document.getElementById('tco-reset').addEventListener('click', function () {
    apply(new URLSearchParams());
    update(null);
  });
  sections.forEach(function (s) {
    if (!s.split) return;
    s.split.hidden = false;
    s.inputs.forEach(function (input, i) {
      input.addEventListener('input', function () {
        // Two shares: the other takes the rest.
        if (s.inputs.length === 2) {
          var v = Number(input.value);
          if (input.value.trim() !== '' && isFinite(v) && v >= 0 && v <= 100) s.inputs[1 - i].value = plain(round(100 - v, 6));
        }
        update(s);
      });
    });
  });

  document.getElementById('tco-inputs').hidden = true;
  form.hidden = false;

  function follow() {
    var q = new URLSearchParams(location.hash.replace(/^#/, ''));
    apply(q);
    if (state()) update(null);
  }
  window.addEventListener('hashchange', follow);
  follow();
})();
