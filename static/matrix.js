// matrix.js: the instance matrix (/compare/) in the browser. The page is
// complete without it; with it the matrix sorts by any column, filters by
// text, facets and per-column conditions, shows or hides columns, switches
// pricing model, currency and cost unit, compares chosen offers side by
// side and downloads the view as CSV and JSON. The whole view lives in the URL's
// hash, so a link reproduces it (from file:// too) and back and forward
// step through it.
//
// It reads every offer from the page's JSON block (#matrix-data: the shape
// of compare/offers.json, with the GPU figures, the UI text and the way to
// the site root), never fetch(), which Chromium refuses on file://. Catalog
// text goes into the page as text nodes only. To stay fast with 10,000
// offers it sorts an index once per sort key, filters with precomputed
// values, and draws only the rows in view of the table's scrolling box,
// between two spacer rows as high as the rows above and below them: every
// matching offer is a scroll away, none behind a "show more".
//
// The default view is the answer: instance type, provider, GPUs, region,
// the price under the chosen pricing model, the price per GPU-hour (the
// sort) and the price's age and kind of source; the columns the page marks
// data-off (a price per pricing model, per GB and per TFLOPS, the source,
// the specs) are hidden until the reader chooses them.
//
// Prices from articles and estimates (source_kind article or estimate) are
// listed and marked, but not ranked: sorted by a price, they come after the
// ranked prices, ranked among themselves, unless the reader includes them
// ("Include estimates and article figures", est=1 in the URL).
(function () {
  'use strict';

  const dataEl = document.getElementById('matrix-data');
  const table = document.getElementById('matrix');
  if (!dataEl || !table) return;
  const D = JSON.parse(dataEl.textContent);
  const MSG = D.messages || {};
  const offers = D.offers || [];
  const N = offers.length;
  const UNITS = { hour: 1, month: 730, year: 8760 };

  // --- Text and numbers, as the build writes them (generator/site/templates.go).

  // t formats a message of the page's catalogue: %s and %d in order, %% a percent sign.
  function t(key, ...args) {
    const s = MSG[key];
    if (s === undefined) return key;
    let n = 0;
    return s.replace(/%(?:\[(\d+)\])?([sd%])/g, (m, index, verb) => {
      if (verb === '%') return '%';
      const i = index ? Number(index) - 1 : n++;
      return String(args[i]);
    });
  }

  // plain writes a number as its shortest decimal, never in exponent form.
  function plain(v) {
    const s = String(Math.abs(v));
    if (!/e/i.test(s)) return s;
    return Math.abs(v).toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  }

  function group(s, negative) {
    const dot = s.indexOf('.');
    const whole = dot < 0 ? s : s.slice(0, dot);
    let out = '';
    for (let i = 0; i < whole.length; i++) {
      if (i > 0 && (whole.length - i) % 3 === 0) out += ',';
      out += whole[i];
    }
    return (negative ? '\u2212' : '') + out + (dot < 0 ? '' : s.slice(dot));
  }

  // fnum writes a figure as given: 1,979 or 19.5.
  function fnum(v) {
    return group(plain(v), v < 0);
  }

  // exact writes an amount with all its digits, up to ten significant
  // digits, at least two decimals (formatExact).
  function exact(v) {
    v = Number(v.toPrecision(10));
    let s = plain(v);
    const dot = s.indexOf('.');
    if (dot < 0) s += '.00';
    else if (s.length - dot === 2) s += '0';
    return group(s, v < 0);
  }

  // round rounds half away from zero on the shortest decimal that reads
  // back as v (pricing.Round): 2.675 is 2.68.
  function round(v, places) {
    if (!isFinite(v)) return v;
    const s = plain(v);
    const dot = s.indexOf('.');
    const frac = dot < 0 ? '' : s.slice(dot + 1);
    if (frac.length <= places) return v;
    const whole = dot < 0 ? s : s.slice(0, dot);
    let digits = BigInt(whole + frac.slice(0, places));
    if (frac[places] >= '5') digits += 1n;
    let d = digits.toString().padStart(places + 1, '0');
    const r = Number(places ? d.slice(0, d.length - places) + '.' + d.slice(d.length - places) : d);
    return v < 0 ? -r : r;
  }

  // decimals is pricing.ShownDecimals: an amount's first four significant
  // digits, never fewer than two decimals, no zero after the second.
  const exponent = (a) => Number(a.toExponential().split('e')[1]);
  function decimals(f) {
    const a = Math.abs(f);
    if (!(a > 0) || !isFinite(a)) return 2;
    let places = Math.max(2, 3 - exponent(a));
    let r = round(a, places);
    const p = Math.max(2, 3 - exponent(r));
    if (p < places) {
      places = p;
      r = round(a, p);
    }
    let s = r.toFixed(places);
    while (places > 2 && s[s.length - 1] === '0') {
      s = s.slice(0, -1);
      places--;
    }
    return places;
  }

  // amount writes an amount as every page does (the template functions
  // "money" and "derived"): 21.96, 0.7068, 0.0042, 1,234.50.
  function amount(v) {
    const p = decimals(v);
    const r = round(v, p);
    return group(Math.abs(r).toFixed(p), r < 0);
  }

  // --- Exchange rates: the latest-dated rate of a pair, as the build picks it
  // (pricing.Rates.Convert); a currency the rates reach only through another
  // converts in steps, each at its latest rate.

  const known = (d) => !!d && d !== 'unknown';
  // day writes a catalog date as the page's language does (static/age.js,
  // which runs before this script); as it stands without age.js.
  const day = (d) => (window.gpucompareDate ? window.gpucompareDate(d) : d);
  function later(a, b) {
    if (known(a) !== known(b)) return known(a);
    if (!known(a)) return false;
    return a > b;
  }
  // better: a rate without a caveat (verified) over one with, then the later.
  function better(a, b) {
    if (!a.caveat !== !b.caveat) return !a.caveat;
    return later(a.date, b.date);
  }
  function direct(from, to) {
    let best = null;
    for (const fx of D.fx || []) {
      if (!((fx.base === from && fx.quote === to) || (fx.base === to && fx.quote === from)) || !(fx.rate > 0)) continue;
      if (!best || better(fx, best)) best = fx;
    }
    if (!best) return null;
    return { factor: best.base === from ? best.rate : 1 / best.rate, rates: [best] };
  }
  const convCache = new Map();
  // convert is the conversion from one currency to another, or null.
  function convert(from, to) {
    if (from === to) return { factor: 1, rates: [] };
    const key = from + '>' + to;
    if (convCache.has(key)) return convCache.get(key);
    let c = direct(from, to);
    if (!c) {
      // The shortest chain of pairs, breadth first.
      const prev = new Map([[from, null]]);
      let frontier = [from];
      while (frontier.length && !prev.has(to)) {
        const next = [];
        for (const cur of frontier) {
          for (const fx of D.fx || []) {
            const other = fx.base === cur ? fx.quote : fx.quote === cur ? fx.base : null;
            if (other && !prev.has(other)) {
              prev.set(other, cur);
              next.push(other);
            }
          }
        }
        frontier = next;
      }
      if (prev.has(to)) {
        const path = [];
        for (let x = to; x !== null; x = prev.get(x)) path.unshift(x);
        c = { factor: 1, rates: [] };
        for (let i = 0; i + 1 < path.length; i++) {
          const step = direct(path[i], path[i + 1]);
          c.factor *= step.factor;
          c.rates.push(step.rates[0]);
        }
      }
    }
    convCache.set(key, c);
    return c;
  }
  function rateText(fx) {
    return t('matrix.rate_dated', t('matrix.rate', fx.base, fnum(fx.rate), fx.quote), known(fx.date) ? day(fx.date) : t('date.unknown'));
  }

  // --- Sources: citations split at ";" outside brackets, each http(s) URL
  // in them a link named by its host (the "cite" function of the build).

  function splitTop(s) {
    const out = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      if (c === '(' || c === '[') depth++;
      else if ((c === ')' || c === ']') && depth > 0) depth--;
      else if (c === ';' && depth === 0) {
        out.push(s.slice(start, i));
        start = i + 1;
      }
    }
    out.push(s.slice(start));
    return out;
  }
  function trimURL(u) {
    while (u) {
      const last = u[u.length - 1];
      const count = (ch) => u.split(ch).length - 1;
      if ('.,;:!?\'">'.includes(last)) u = u.slice(0, -1);
      else if (last === ')' && count('(') < count(')')) u = u.slice(0, -1);
      else if (last === ']' && count('[') < count(']')) u = u.slice(0, -1);
      else break;
    }
    return u;
  }
  function hostLabel(u) {
    let x;
    try {
      x = new URL(u);
    } catch {
      return null;
    }
    if ((x.protocol !== 'http:' && x.protocol !== 'https:') || !x.host) return null;
    const h = x.hostname.replace(/^www\./, '');
    const p = x.pathname.replace(/^\/+|\/+$/g, '');
    if (!p) return h;
    if (!p.includes('/')) return h + '/' + p;
    return h + '/\u2026/' + p.slice(p.lastIndexOf('/') + 1);
  }
  // cite turns a source into segments: words, and links whose CSV text is their URL.
  function cite(source) {
    const cites = [];
    for (let part of splitTop(source || '')) {
      part = part.trim();
      if (!part) continue;
      const segs = [];
      const re = /(^|[\s(\[<"'])(https?:\/\/\S+)/g;
      let last = 0;
      let m;
      while ((m = re.exec(part))) {
        const at = m.index + m[1].length;
        const u = trimURL(m[2]);
        const label = hostLabel(u);
        if (!label) continue;
        if (at > last) segs.push({ t: part.slice(last, at), c: 'source' });
        segs.push({ t: label, h: u, c: 'source', ti: u, url: true });
        last = at + u.length;
        re.lastIndex = last;
      }
      if (last < part.length) segs.push({ t: part.slice(last), c: 'source' });
      cites.push(segs);
    }
    return cites;
  }

  // --- Offers, and what the filters and sorts read of them.

  const gpus = new Map((D.gpus || []).map((g) => [g.id, g]));
  const keys = offers.map((o) => o.provider + '/' + o.instance + (o.region ? '/' + o.region : ''));
  const byKey = new Map(keys.map((k, i) => [k, i]));
  const hay = offers.map((o) =>
    [o.provider_name, o.instance_name, o.gpu_name, o.gpu, o.region, o.region_name, o.interconnect, o.network, (o.certifications || []).join(' '), o.price_not_public]
      .filter(Boolean)
      .join('\n')
      .toLowerCase(),
  );
  const href = (path) => (D.root || '') + (D.pretty ? path.replace(/index\.html$/, '') : path);
  const seg = encodeURIComponent;

  const state = {};
  function defaults() {
    return {
      q: '',
      model: D.default_model,
      cur: D.currency,
      unit: 'hour',
      sort: '',
      dir: 1,
      old: false,
      est: false,
      fresh: false,
      facets: { provider: new Set(), gpu: new Set(), region: new Set(), model: new Set() },
      filters: new Map(),
      hide: new Set(off),
      sel: [],
      panel: false,
    };
  }

  // price values per model in the chosen currency, per hour; NaN when unknown.
  const priceCache = new Map();
  function prices(model) {
    const key = model + '|' + state.cur;
    let a = priceCache.get(key);
    if (a) return a;
    a = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      const p = offers[i].prices && offers[i].prices[model];
      a[i] = NaN;
      if (!p) continue;
      if (state.cur === D.currency && p.display_hourly !== undefined) {
        a[i] = p.display_hourly;
        continue;
      }
      const c = convert(p.currency, state.cur);
      if (c) a[i] = p.hourly * c.factor;
    }
    priceCache.set(key, a);
    return a;
  }
  const mul = () => UNITS[state.unit] || 1;
  function dense(o, key) {
    const g = gpus.get(o.gpu);
    const v = g && g.dense && g.dense[key];
    return v > 0 && o.gpu_count > 0 ? v * o.gpu_count : NaN;
  }
  const per = {
    per_gpu: (o) => (o.gpu_count > 0 ? o.gpu_count : NaN),
    per_gb: (o) => (o.gpu_memory_gb > 0 ? o.gpu_memory_gb : NaN),
    per_fp16: (o) => dense(o, 'fp16_bf16'),
    per_fp32: (o) => dense(o, 'fp32'),
  };
  // normalised is the price of the chosen model per unit of a column, or NaN.
  function normalised(col, i) {
    return (prices(state.model)[i] * mul()) / per[col](offers[i]);
  }

  const GRAN = { second: 1, minute: 60, hour: 3600, month: 2628000 };
  const na = () => ({ c: 'na', lines: [[{ t: '\u2014', c: 'na' }]] });
  const line = (...segs) => segs.filter(Boolean);

  function regionText(o) {
    if (o.region === 'all') return t('region.all');
    return o.region_name || o.region || '';
  }
  function billingText(o) {
    const parts = [];
    if (o.billing_granularity) parts.push(t('granularity.' + o.billing_granularity));
    if (o.billing_minimum_seconds !== undefined) parts.push(t('provider.minimum', fnum(o.billing_minimum_seconds)));
    return parts.join(', ');
  }
  function modelPrice(o) {
    return o.prices && o.prices[state.model];
  }

  // --- Trust: the kind of a price's source and its age (the partial
  // "price-trust" of the build; static/age.js words the age).

  const UNRANKED = { article: true, estimate: true };
  // unranked reports whether an offer's price under a model is an
  // article's figure or an estimate, which rankings leave out by default.
  function unranked(o, model) {
    const p = o.prices && o.prices[model];
    return !!p && !!UNRANKED[p.source_kind];
  }
  const DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
  // ageDate is the date a price's age counts from: the build's age_date
  // (its since, as-of, file's checked day or first-seen day), else its
  // since, else its as-of when that is a date; '' when undated.
  function ageDate(p) {
    if (DATE.test(p.age_date || '')) return p.age_date;
    if (DATE.test(p.since || '')) return p.since;
    const a = (p.as_of || '').trim();
    return DATE.test(a) ? a : '';
  }
  // kindSeg is the label of a price's source kind; x: not written to the CSV.
  function kindSeg(kind) {
    return kind ? { t: t('trust.kind.' + kind), c: 'kind kind-' + kind, ti: t('trust.kind_title.' + kind), x: true } : null;
  }
  function ageSeg(p) {
    const d = ageDate(p);
    if (!d) return { t: t('trust.undated'), c: 'age age-undated', x: true };
    const age = window.gpucompareAge ? window.gpucompareAge(d) : d;
    return { t: age, c: 'age', ti: day(d), date: d, x: true };
  }
  // badgeOf is a price's freshness badge on the reader's day (age.js):
  // fresh, aging, stale or undated.
  function badgeOf(p) {
    const d = ageDate(p);
    return d && window.gpucompareBadge ? window.gpucompareBadge(d) : d ? '' : 'undated';
  }
  // badgeSeg is the badge of a dated price; an undated one's age says so.
  function badgeSeg(p) {
    const b = badgeOf(p);
    return b && b !== 'undated' ? { t: t('trust.badge.' + b), c: 'fresh fresh-' + b, ti: MSG['trust.badge_title'] || '', x: true } : null;
  }

  // Columns by key. cell(offer, i, ctx) is what is drawn, on one line:
  // segments of text, each with a class, a title or a link; a cell's title
  // says what does not fit. num(offer, i) is the figure as shown, for a
  // numeric filter and the sort; sortArray() all of them at once;
  // sort(offer) a string to sort by in collation order (plainSort: in
  // code-point order; sortNum: a number). A text filter reads the cell's
  // text. dyn: depends on the pricing model, currency or unit.
  const SPEC = {
    instance: {
      sort: (o) => o.instance_name,
      cell: (o) =>
        cellOfSegs(
          [
            { t: o.instance_name, h: href(o.url) },
            o.previous_generation && { t: ' ' },
            o.previous_generation && { t: t('matrix.prev_short'), c: 'tag', ti: t('instance.previous_gen') },
            o.price_incomplete && { t: ' ' },
            o.price_incomplete && { t: t('matrix.partial_short'), c: 'tag partial', ti: o.price_incomplete },
          ],
          o.instance_name,
        ),
    },
    provider: {
      sort: (o) => o.provider_name,
      cell: (o) => cellOfSegs([{ t: o.provider_name, h: href('providers/' + seg(o.provider) + '/index.html') }], o.provider_name),
    },
    gpu: {
      sort: (o) => (o.gpu_name || o.gpu) + ' ' + String(o.gpu_count).padStart(5, '0'),
      cell: (o) => {
        const name = o.gpu_name ? { t: o.gpu_name, h: href('gpus/' + seg(o.gpu) + '/index.html') } : { t: o.gpu };
        const times = t('matrix.gpu_times', o.gpu_count);
        return cellOfSegs([{ t: times + ' ' }, name], times + ' ' + (o.gpu_name || o.gpu));
      },
    },
    gpu_count: { num: (o) => o.gpu_count, cell: (o) => numCell(o.gpu_count) },
    region: {
      sort: (o) => regionText(o) || null,
      cell: (o) => {
        if (!o.region) return na();
        if (o.region === 'all' || !o.region_name || o.region_name === o.region) {
          return cellOfSegs([o.region === 'all' ? { t: t('region.all') } : { t: o.region, c: 'id' }], regionText(o));
        }
        return cellOfSegs([{ t: o.region_name + ' ' }, { t: o.region, c: 'id' }], o.region_name + ' ' + o.region);
      },
    },
    gpu_memory: { num: (o) => o.gpu_memory_gb, cell: (o) => numCell(o.gpu_memory_gb) },
    vcpus: { num: (o) => o.vcpus, cell: (o) => numCell(o.vcpus) },
    ram: { num: (o) => o.ram_gib, cell: (o) => numCell(o.ram_gib) },
    network: {
      num: (o) => o.network_gbps,
      cell: (o) => {
        if (o.network_gbps !== undefined) return cellOfSegs([{ t: fnum(o.network_gbps) + '\u202f' + t('units.gbps') }]);
        if (o.network) return cellOfSegs([{ t: o.network }], o.network);
        return na();
      },
    },
    interconnect: { sort: (o) => o.interconnect || null, cell: (o) => (o.interconnect ? cellOfSegs([{ t: o.interconnect }], o.interconnect) : na()) },
    billing: {
      sort: (o) => (o.billing_granularity ? GRAN[o.billing_granularity] * 1e7 + (o.billing_minimum_seconds || 0) : null),
      sortNum: true,
      cell: (o) => {
        const s = billingText(o);
        return s ? cellOfSegs([{ t: s }], s) : na();
      },
    },
    certifications: {
      sort: (o) => (o.certifications ? o.certifications.join(', ') : null),
      cell: (o) => {
        if (!o.certifications) return na();
        const s = o.certifications.join(', ');
        return cellOfSegs([{ t: s }], s);
      },
    },
    // since: the age of the chosen model's price and the kind of its
    // source; sorted youngest first, undated last.
    since: {
      dyn: true,
      sort: (o) => {
        const p = modelPrice(o);
        const d = p ? ageDate(p) : '';
        return d ? -Number((d + '-01-01').slice(0, 10).replace(/-/g, '')) : null;
      },
      sortNum: true,
      cell: (o) => {
        const p = modelPrice(o);
        if (!p) return na();
        const title = [known(p.since) ? day(p.since) : t('date.unknown'), p.as_of ? t('col.as_of') + ': ' + day(p.as_of) : ''].filter(Boolean).join(' \u00b7 ');
        return { title, lines: [[ageSeg(p), { t: ' ' }, badgeSeg(p), { t: ' ' }, kindSeg(p.source_kind)].filter(Boolean)] };
      },
    },
    source: {
      dyn: true,
      sort: (o) => {
        const p = modelPrice(o);
        return p ? p.source : o.region ? null : o.source || null;
      },
      cell: (o) => {
        const p = modelPrice(o);
        const s = p ? p.source : o.region ? '' : o.source;
        if (!s) return na();
        return { c: 'source-cell', title: s, source: cite(s) };
      },
    },
  };
  // cellOfSegs is a cell of one line of segments, with a title when its
  // text may not fit.
  function cellOfSegs(segs, title) {
    return { title: title || '', lines: [segs.filter(Boolean)] };
  }
  function numCell(v) {
    return v === undefined || v === null ? na() : cellOfSegs([{ t: fnum(v) }]);
  }
  for (const k of Object.keys(per)) {
    SPEC[k] = {
      dyn: true,
      num: (o, i) => {
        const v = normalised(k, i);
        return isFinite(v) ? round(v, decimals(v)) : null;
      },
      exact: (o, i) => normalised(k, i),
      sortArray: () => {
        const p = prices(state.model);
        const out = new Float64Array(N);
        for (let i = 0; i < N; i++) out[i] = p[i] / per[k](offers[i]);
        return out;
      },
      cell: (o, i) => {
        const v = normalised(k, i);
        return isFinite(v) ? cellOfSegs([{ t: amount(v) }], exact(v) + ' ' + state.cur) : na();
      },
    };
  }

  // priceSpec is the column of the price under a pricing model (the
  // chosen one when model is null): the amount in the chosen currency and
  // unit; when converted, the amount as quoted after it. The title holds
  // the exact figure, the payment option, the upfront payment or the
  // discount it derives from, and the rate it is converted at (the rates
  // are also stated once, above the table). An article's figure or an
  // estimate is marked with its kind, in a column of its own model.
  function priceSpec(fixed) {
    const model = () => fixed || state.model;
    return {
      dyn: true,
      num: (o, i) => {
        const v = prices(model())[i] * mul();
        return isFinite(v) ? round(v, decimals(v)) : null;
      },
      exact: (o, i) => prices(model())[i] * mul(),
      sortArray: () => prices(model()),
      cell: (o, i) => {
        const p = o.prices && o.prices[model()];
        if (!p) {
          if (!fixed && !o.region && o.price_not_public) {
            return { title: o.price_not_public, lines: [[{ t: t('price.not_public'), c: 'not-public', ti: t('price.not_public_title') }]] };
          }
          return na();
        }
        const m = mul();
        const unit = t('unit.' + state.unit);
        const v = prices(model())[i];
        const segs = [];
        const title = [];
        if (p.approximate) segs.push({ t: '\u2248', ti: t('price.approximate_title') });
        if (isFinite(v)) {
          segs.push({ t: amount(v * m), c: 'money' });
          title.push(t('matrix.price_exact', exact(v * m), state.cur + unit));
        } else {
          segs.push({ t: amount(p.hourly * m) + '\u202f', c: 'money' }, { t: p.currency, c: 'cur' });
          title.push(t('matrix.price_exact', exact(p.hourly * m), p.currency + unit), t('matrix.no_rate', state.cur));
        }
        if (p.payment) title.push(t('payment.' + p.payment));
        if (p.upfront > 0) title.push(t('price.upfront', amount(p.upfront) + ' ' + p.currency));
        if (p.discount_pct !== undefined) title.push(t('price.discount', fnum(p.discount_pct)));
        if (p.currency !== state.cur && isFinite(v)) {
          const c = convert(p.currency, state.cur);
          segs.push({ t: ' ' }, { t: amount(p.hourly * m) + '\u202f' + p.currency, c: 'q' });
          title.push(t('matrix.price_quoted', exact(p.hourly * m), p.currency + unit) + ', ' + t('matrix.rate_title', c.rates.map(rateText).join(t('matrix.rate_chain'))));
        }
        if (fixed && UNRANKED[p.source_kind]) segs.push({ t: ' ', x: true }, kindSeg(p.source_kind));
        return { title: title.join('; '), lines: [segs] };
      },
    };
  }
  SPEC.price = priceSpec(null);


  // --- The columns of the page, as its header lists them.

  const headRow = table.tHead.rows[0];
  const filterRow = table.tHead.rows[1];
  const colEls = [...table.querySelectorAll('colgroup > col')];
  const cols = [...headRow.cells].map((th, i) => {
    const key = th.dataset.col;
    const spec = key.startsWith('m:') ? priceSpec(key.slice(2)) : SPEC[key];
    const unitEl = th.querySelector('.col-unit');
    const label = [...th.childNodes].filter((n) => n !== unitEl).map((n) => n.textContent).join('').trim();
    return {
      key,
      th,
      label,
      unitEl,
      spec,
      isNum: th.classList.contains('num'),
      off: th.hasAttribute('data-off'),
      colEl: colEls[i] || null,
      model: key.startsWith('m:') ? key.slice(2) : null,
      filterCell: filterRow ? filterRow.cells[i] : null,
      input: filterRow ? filterRow.cells[i].querySelector('input') : null,
    };
  }).filter((c) => c.spec);
  const colByKey = new Map(cols.map((c) => [c.key, c]));
  // off are the columns hidden until chosen.
  const off = cols.filter((c) => c.off).map((c) => c.key);

  // Sort buttons in the header cells.
  for (const c of cols) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sort';
    b.dataset.col = c.key;
    b.title = t('matrix.sort_by', c.label);
    b.append(...[...c.th.childNodes]);
    c.th.append(b);
  }

  const collator = new Intl.Collator(document.documentElement.lang || undefined, { numeric: true, sensitivity: 'base' });

  // sortValues are the values of a column to sort by, NaN for unknown:
  // numbers, or the ranks of strings in collation order.
  const rankCache = new Map();
  function sortValues(c) {
    if (!c.spec.dyn && rankCache.has(c.key)) return rankCache.get(c.key);
    const s = c.spec;
    let out;
    if (s.sortArray) {
      out = s.sortArray();
    } else {
      out = new Float64Array(N);
      if (s.num || s.sortNum) {
        const f = s.num || s.sort;
        for (let i = 0; i < N; i++) {
          const v = f(offers[i], i);
          out[i] = typeof v === 'number' ? v : NaN;
        }
      } else {
        const raw = offers.map((o) => s.sort(o));
        const uniq = [...new Set(raw.filter((v) => v !== null && v !== undefined && v !== ''))];
        uniq.sort(s.plainSort ? undefined : collator.compare);
        const rank = new Map(uniq.map((v, i) => [v, i]));
        for (let i = 0; i < N; i++) out[i] = rank.has(raw[i]) ? rank.get(raw[i]) : NaN;
      }
    }
    if (!s.dyn) rankCache.set(c.key, out);
    return out;
  }

  let sorted = null;
  let sortedBy = '';
  // order is every offer in the order of the current sort: stable (ties
  // keep catalog order), unknowns last in both directions. By a price,
  // prices from articles and estimates come after the ranked prices unless
  // the reader includes them, and prices that are only part of the cost
  // after those: each group ranked among itself, as neither compares with
  // a whole, ranked price.
  const partial = offers.map((o) => !!o.price_incomplete);
  function order() {
    const c = colByKey.get(sortKey());
    const sig = c ? c.key + '|' + state.dir + '|' + (c.spec.dyn ? state.model + '|' + state.cur + '|' + state.est : '') : '';
    if (sorted && sig === sortedBy) return sorted;
    let idx = [];
    if (c) {
      const v = sortValues(c);
      const dir = state.dir;
      const model = c.model || state.model;
      const unknown = [];
      const parts = [];
      const lesser = [];
      for (let i = 0; i < N; i++) {
        if (v[i] !== v[i]) unknown.push(i);
        else if (c.spec.dyn && partial[i]) parts.push(i);
        else if (c.spec.dyn && !state.est && unranked(offers[i], model)) lesser.push(i);
        else idx.push(i);
      }
      const by = (a, b) => (v[a] - v[b]) * dir || a - b;
      idx.sort(by);
      lesser.sort(by);
      parts.sort(by);
      for (const i of lesser) idx.push(i);
      for (const i of parts) idx.push(i);
      for (const i of unknown) idx.push(i);
    } else {
      for (let i = 0; i < N; i++) idx.push(i);
    }
    sorted = idx;
    sortedBy = sig;
    return idx;
  }
  // sortKey is the column of the sort: the price per GPU-hour unless the
  // reader chose another.
  function sortKey() {
    return state.sort || (colByKey.has('per_gpu') ? 'per_gpu' : 'price');
  }

  // --- Filters.

  // condition parses ">=4", "<2.5", "40..80", "=8" or "8"; null when it is none.
  function condition(s) {
    const x = s.replace(/[\s,]/g, '').replace(/\u2264/g, '<=').replace(/\u2265/g, '>=');
    if (!x) return null;
    const number = '(-?(?:\\d+\\.?\\d*|\\.\\d+))';
    let m = new RegExp('^' + number + '\\.\\.' + number + '$').exec(x);
    if (m) {
      const lo = Number(m[1]);
      const hi = Number(m[2]);
      return (v) => v >= Math.min(lo, hi) && v <= Math.max(lo, hi);
    }
    m = new RegExp('^(>=|<=|>|<|=|==)?' + number + '$').exec(x);
    if (!m) return null;
    const n = Number(m[2]);
    switch (m[1]) {
      case '>=':
        return (v) => v >= n;
      case '<=':
        return (v) => v <= n;
      case '>':
        return (v) => v > n;
      case '<':
        return (v) => v < n;
      default:
        return (v) => v === n;
    }
  }

  const valueCache = new Map();
  // values are a column's figures as shown (numbers), or its text in lower case.
  function values(c, numeric) {
    const sig = c.key + '|' + numeric + '|' + (c.spec.dyn ? state.model + '|' + state.cur + '|' + state.unit : '');
    let out = valueCache.get(sig);
    if (out) return out;
    out = new Array(N);
    for (let i = 0; i < N; i++) {
      if (numeric) {
        const v = c.spec.num(offers[i], i);
        out[i] = v === undefined || v === null || !isFinite(v) ? null : v;
      } else {
        out[i] = cellText(c, i, false).toLowerCase();
      }
    }
    if (!c.spec.dyn) valueCache.set(sig, out);
    else {
      for (const k of valueCache.keys()) if (k.startsWith(c.key + '|' + numeric + '|')) valueCache.delete(k);
      valueCache.set(sig, out);
    }
    return out;
  }

  // tests are the filters of the state as functions of an offer's index.
  function tests() {
    const out = [];
    const words = state.q.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length) out.push((i) => words.every((w) => hay[i].includes(w)));
    if (state.old) out.push((i) => !offers[i].previous_generation);
    if (state.fresh) {
      const m = state.model;
      out.push((i) => {
        const p = offers[i].prices && offers[i].prices[m];
        const b = p ? badgeOf(p) : '';
        return b !== 'stale' && b !== 'undated';
      });
    }
    const f = state.facets;
    if (f.provider.size) out.push((i) => f.provider.has(offers[i].provider));
    if (f.gpu.size) out.push((i) => f.gpu.has(offers[i].gpu));
    if (f.region.size) out.push((i) => f.region.has(offers[i].region));
    if (f.model.size) out.push((i) => [...f.model].some((m) => offers[i].prices && offers[i].prices[m]));
    for (const [key, expr] of state.filters) {
      const c = colByKey.get(key);
      if (!c || !expr.trim()) continue;
      if (c.isNum && c.spec.num) {
        const cond = condition(expr);
        if (!cond) continue;
        const v = values(c, true);
        out.push((i) => v[i] !== null && cond(v[i]));
      } else {
        const w = expr.trim().toLowerCase();
        const v = values(c, false);
        out.push((i) => v[i].includes(w));
      }
    }
    return out;
  }

  let view = [];
  function compute() {
    const idx = order();
    const ts = tests();
    if (!ts.length) {
      view = idx;
      return;
    }
    const out = [];
    outer: for (let k = 0; k < N; k++) {
      const i = idx[k];
      for (let j = 0; j < ts.length; j++) if (!ts[j](i)) continue outer;
      out.push(i);
    }
    view = out;
  }

  // --- Drawing.

  // put appends the segments of one line to an element.
  function put(el, segs) {
    for (const s of segs) {
      let node;
      if (s.h) {
        node = document.createElement('a');
        node.href = s.h;
        if (s.c) node.className = s.c;
        if (s.ti) node.title = s.ti;
      } else if (s.c || s.ti) {
        node = document.createElement(s.ti && !s.c ? 'abbr' : 'span');
        if (s.c) node.className = s.c;
        if (s.ti) node.title = s.ti;
        if (s.date) node.dataset.date = s.date;
      }
      const target = node || el;
      target.append(s.t);
      if (node) el.append(node);
    }
  }

  function cellOf(c, i) {
    return c.spec.cell(offers[i], i);
  }

  // fill draws a cell's line into an element; a source's citations one
  // after another.
  function fill(el, cell) {
    if (cell.source) {
      cell.source.forEach((segs, k) => {
        if (k) el.append('; ');
        const span = document.createElement('span');
        span.className = 'cite';
        put(span, segs);
        el.append(span);
      });
      return;
    }
    put(el, cell.lines[0]);
  }

  // cellText is a cell as text; for the CSV (csv true) a source link is
  // written as its URL, and the labels of a price's age and source kind
  // and the amount as quoted beside a converted one are left out.
  function cellText(c, i, csv) {
    const cell = cellOf(c, i);
    if (cell.source) return cell.source.map((segs) => segs.map((s) => (csv && s.url ? s.h : s.t)).join('')).join('; ');
    return cell.lines[0].filter((s) => !(csv && (s.x || s.c === 'q'))).map((s) => s.t).join('').trim();
  }

  let visible = cols;
  const tbody = table.tBodies[0];
  const wrap = table.closest('.table-wrap');

  // row draws the row of offer i, the k-th of the view.
  function row(i, k) {
    const tr = document.createElement('tr');
    const o = offers[i];
    if (!o.region) tr.className = 'no-price';
    tr.setAttribute('aria-rowindex', String(k + 1 + table.tHead.rows.length));
    for (const c of visible) {
      const cell = cellOf(c, i);
      const el = document.createElement(c.key === 'instance' ? 'th' : 'td');
      if (c.key === 'instance') {
        el.scope = 'row';
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.className = 'pick';
        box.value = keys[i];
        box.checked = state.sel.includes(keys[i]);
        box.setAttribute('aria-label', t('matrix.select', o.instance_name));
        el.append(box, ' ');
      } else {
        el.dataset.col = c.key;
      }
      let cls = c.isNum ? 'num' : '';
      if (cell.c) cls += (cls ? ' ' : '') + cell.c;
      if (cell.source) cls += (cls ? ' ' : '') + 'source-cell';
      if (cls) el.className = cls;
      if (cell.title) el.title = cell.title;
      fill(el, cell);
      if (c.key === 'instance') {
        // On a phone, where the provider and region columns are not shown.
        const where = document.createElement('span');
        where.className = 'where';
        where.textContent = o.provider_name + (o.region ? ' \u00b7 ' + regionText(o) : '');
        el.append(where);
      }
      tr.append(el);
    }
    return tr;
  }

  // The rows in view: drawn between two spacer rows that stand for the
  // rows above and below them, so that the box scrolls over all of them.
  // Rows are one line, all of one height (measured once drawn).
  const OVERSCAN = 8;
  let rowH = 0;
  let measured = false; // rowH is the height of a drawn row, not assumed
  let drawn = [0, 0]; // the view's rows drawn, [from, to)
  let rowCache = new Map(); // offer index → its row, for this state
  const pads = [0, 1].map(() => {
    const tr = document.createElement('tr');
    tr.className = 'pad';
    tr.setAttribute('aria-hidden', 'true');
    tr.append(document.createElement('td'));
    return tr;
  });
  function rowHeight() {
    if (!rowH) rowH = parseFloat(getComputedStyle(document.documentElement).fontSize) * 1.75;
    return rowH;
  }
  // span is the part of the view in the box's view, with some rows more
  // on either side.
  let printing = false; // every row of the view is drawn to print
  function span() {
    if (printing) return [0, view.length];
    const h = rowHeight();
    const top = wrap ? Math.max(0, wrap.scrollTop - table.tHead.offsetHeight) : 0;
    const height = wrap && wrap.clientHeight ? wrap.clientHeight : window.innerHeight;
    const from = Math.max(0, Math.floor(top / h) - OVERSCAN);
    const to = Math.min(view.length, Math.ceil((top + height) / h) + OVERSCAN);
    return [Math.min(from, to), to];
  }
  // draw draws the rows in view; again (fresh) after a change of the state.
  function draw(fresh) {
    if (fresh) rowCache = new Map();
    const [from, to] = span();
    if (!fresh && from === drawn[0] && to === drawn[1]) return;
    drawn = [from, to];
    const frag = document.createDocumentFragment();
    if (!view.length) {
      const tr = document.createElement('tr');
      const td = document.createElement('td');
      td.colSpan = visible.length;
      td.className = 'none';
      td.textContent = t('matrix.none');
      tr.append(td);
      frag.append(tr);
    } else {
      frag.append(pads[0]);
      const cache = new Map();
      for (let k = from; k < to; k++) {
        const i = view[k];
        const tr = rowCache.get(i) || row(i, k);
        tr.setAttribute('aria-rowindex', String(k + 1 + table.tHead.rows.length));
        cache.set(i, tr);
        frag.append(tr);
      }
      rowCache = cache;
      frag.append(pads[1]);
    }
    const h = rowHeight();
    for (const [p, n] of [[pads[0], from], [pads[1], view.length - to]]) {
      p.cells[0].colSpan = visible.length;
      p.hidden = n === 0;
      p.style.height = n * h + 'px';
    }
    tbody.replaceChildren(frag);
    table.setAttribute('aria-rowcount', String(view.length + table.tHead.rows.length));
    // The rows' height as first drawn: if it is not the one assumed, the
    // spacers are set again. (Read once: reading it forces a layout.)
    const first = tbody.rows[1];
    if (!measured && view.length && first && first.className !== 'pad') {
      const real = first.getBoundingClientRect().height;
      if (real > 0) measured = true;
      if (real > 0 && Math.abs(real - h) > 0.5) {
        rowH = real;
        drawn = [0, 0];
        draw();
      }
    }
  }
  // fit makes the table's box as high as the window leaves it below what
  // comes before it on the page, so that at the top of the page the whole
  // box is in view, its header included (but never less than 60% of the
  // window: a long page then scrolls to it).
  function fit() {
    if (!wrap) return;
    const top = wrap.getBoundingClientRect().top + window.scrollY;
    const h = Math.max(window.innerHeight * 0.6, window.innerHeight - top - 12);
    wrap.style.maxHeight = Math.floor(h) + 'px';
  }
  if (wrap) {
    let pending = false;
    const onScroll = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        draw();
      });
    };
    wrap.addEventListener('scroll', onScroll, { passive: true });
    // Paper has no scrolling box: it gets every row of the view.
    window.addEventListener('beforeprint', () => {
      printing = true;
      draw(true);
    });
    window.addEventListener('afterprint', () => {
      printing = false;
      draw(true);
    });
    window.addEventListener('resize', () => {
      fit();
      rowH = 0;
      measured = false;
      drawn = [0, 0];
      onScroll();
    });
  }

  const count = document.getElementById('matrix-count');
  function drawStatus() {
    if (count) count.textContent = t('matrix.status', fnum(view.length), fnum(N));
  }

  // drawHead shows the visible columns, the sort, and the units of the state.
  function drawHead() {
    const key = sortKey();
    for (const c of cols) {
      const hide = state.hide.has(c.key);
      c.th.hidden = hide;
      if (c.colEl) c.colEl.hidden = hide;
      if (c.filterCell) c.filterCell.hidden = hide;
      if (c.key === key) c.th.setAttribute('aria-sort', state.dir > 0 ? 'ascending' : 'descending');
      else c.th.removeAttribute('aria-sort');
      const unit = unitOf(c);
      if (c.unitEl && unit !== null) c.unitEl.textContent = unit;
      const choice = columnsBox && columnsBox.querySelector('input[value="' + CSS.escape(c.key) + '"]');
      if (choice) {
        choice.checked = !hide;
        const sub = choice.parentElement.querySelector('.sub');
        if (sub && unit !== null) sub.textContent = unit;
      }
    }
    visible = cols.filter((c) => !state.hide.has(c.key));
  }
  function unitOf(c) {
    const u = t('unit.' + state.unit);
    if (c.model) return state.cur + u;
    if (per[c.key] || c.key === 'price') return t('matrix.norm_unit', state.cur, u, t('model.' + state.model));
    if (c.key === 'since' || c.key === 'source') return t('model.' + state.model);
    return null;
  }
  function headText(c) {
    const u = unitOf(c);
    return c.label + (u !== null ? ' ' + u : c.unitEl ? ' ' + c.unitEl.textContent : '');
  }

  // drawRates lists the rates the prices convert with into the chosen currency.
  const ratesEl = document.getElementById('matrix-rates');
  function drawRates() {
    if (!ratesEl) return;
    const used = new Map();
    for (const o of offers) {
      for (const p of Object.values(o.prices || {})) {
        if (p.currency === state.cur || used.has(p.currency)) continue;
        used.set(p.currency, convert(p.currency, state.cur));
      }
    }
    const rates = [];
    for (const cur of [...used.keys()].sort()) {
      const c = used.get(cur);
      if (c) for (const fx of c.rates) if (!rates.includes(fx)) rates.push(fx);
    }
    ratesEl.hidden = !rates.length;
    ratesEl.replaceChildren(t('matrix.rates', state.cur) + ' ');
    rates.forEach((fx, k) => {
      if (k) ratesEl.append('; ');
      const span = document.createElement('span');
      span.className = 'fx-rate';
      span.append(rateText(fx) + ' ');
      for (const segs of cite(fx.source)) {
        const src = document.createElement('span');
        src.className = 'cite';
        put(src, segs);
        span.append(src);
      }
      ratesEl.append(span);
    });
  }

  // --- The compare panel: the selected offers as columns, every field a row.

  const panel = document.getElementById('matrix-panel');
  const cmpTable = document.getElementById('matrix-compare');
  const cmpOpen = document.getElementById('matrix-compare-open');
  function drawPanel() {
    const sel = state.sel.filter((k) => byKey.has(k));
    if (cmpOpen) {
      cmpOpen.textContent = t('matrix.compare', sel.length);
      cmpOpen.disabled = !sel.length;
    }
    if (!panel) return;
    panel.hidden = !(state.panel && sel.length);
    if (panel.hidden) {
      cmpTable.replaceChildren();
      return;
    }
    const thead = document.createElement('thead');
    const hr = document.createElement('tr');
    const corner = document.createElement('th');
    corner.scope = 'col';
    corner.textContent = t('matrix.field');
    hr.append(corner);
    for (const k of sel) {
      const i = byKey.get(k);
      const th = document.createElement('th');
      th.scope = 'col';
      fill(th, SPEC.instance.cell(offers[i]));
      const rm = document.createElement('button');
      rm.type = 'button';
      rm.className = 'unpick';
      rm.value = k;
      rm.textContent = '\u00d7';
      rm.title = t('matrix.remove', offers[i].instance_name);
      rm.setAttribute('aria-label', rm.title);
      th.append(' ', rm);
      hr.append(th);
    }
    thead.append(hr);
    const tb = document.createElement('tbody');
    for (const c of cols) {
      if (c.key === 'instance') continue;
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = headText(c);
      tr.append(th);
      for (const k of sel) {
        const i = byKey.get(k);
        const cell = cellOf(c, i);
        const td = document.createElement('td');
        if (c.isNum) td.className = 'num';
        if (cell.title) td.title = cell.title;
        fill(td, cell);
        tr.append(td);
      }
      tb.append(tr);
    }
    cmpTable.replaceChildren(thead, tb);
  }

  // --- The URL: the state in the hash.

  const FACETS = ['provider', 'gpu', 'region', 'model'];
  function encode() {
    const p = new URLSearchParams();
    if (state.q) p.set('q', state.q);
    if (state.model !== D.default_model) p.set('m', state.model);
    if (state.cur !== D.currency) p.set('c', state.cur);
    if (state.unit !== 'hour') p.set('u', state.unit);
    if (state.sort || state.dir < 0) p.set('s', (state.dir < 0 ? '-' : '') + state.sort);
    if (state.old) p.set('old', '0');
    if (state.est) p.set('est', '1');
    if (state.fresh) p.set('fresh', '1');
    for (const f of FACETS) if (state.facets[f].size) p.set(f, [...state.facets[f]].join(','));
    for (const [k, v] of state.filters) if (v) p.set('f.' + k, v);
    // Columns as chosen against the default view: shown ones it hides,
    // hidden ones it shows.
    const show = off.filter((k) => !state.hide.has(k));
    const hide = [...state.hide].filter((k) => !off.includes(k));
    if (show.length) p.set('show', show.join(','));
    if (hide.length) p.set('hide', hide.join(','));
    if (state.sel.length) p.set('sel', state.sel.join(','));
    if (state.panel) p.set('cmp', '1');
    return p.toString();
  }
  function decode(hash) {
    const p = new URLSearchParams(hash.replace(/^#/, ''));
    const s = defaults();
    const list = (v) => (v ? v.split(',').filter(Boolean) : []);
    s.q = p.get('q') || '';
    if (p.has('m') && colByKey.has('m:' + p.get('m'))) s.model = p.get('m');
    if (p.has('c') && currencies.includes(p.get('c'))) s.cur = p.get('c');
    if (p.has('u') && UNITS[p.get('u')]) s.unit = p.get('u');
    if (p.has('s')) {
      const v = p.get('s');
      s.dir = v.startsWith('-') ? -1 : 1;
      s.sort = v.replace(/^-/, '');
      if (s.sort && !colByKey.has(s.sort)) s.sort = '';
    }
    s.old = p.get('old') === '0';
    s.est = p.get('est') === '1';
    s.fresh = p.get('fresh') === '1';
    for (const f of FACETS) s.facets[f] = new Set(list(p.get(f)));
    for (const [k, v] of p) if (k.startsWith('f.') && colByKey.has(k.slice(2)) && v) s.filters.set(k.slice(2), v);
    // A column the view filters or sorts by is shown, unless the URL hides it.
    for (const k of [...s.filters.keys(), s.sort]) s.hide.delete(k);
    for (const k of list(p.get('show'))) s.hide.delete(k);
    for (const k of list(p.get('hide'))) if (colByKey.has(k) && k !== 'instance') s.hide.add(k);
    s.sel = list(p.get('sel')).filter((k) => byKey.has(k));
    s.panel = p.get('cmp') === '1';
    return s;
  }
  let lastSource = null;
  let applied = location.hash;
  // record writes the state into the URL: a new history entry, unless the
  // change continues typing in the same field.
  function record(source) {
    const h = encode();
    const url = h ? '#' + h : location.pathname + location.search;
    if (('#' + h === location.hash) || (!h && !location.hash)) return;
    if (source && source === lastSource) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    lastSource = source || null;
    applied = location.hash;
  }

  // --- Controls.

  const form = document.getElementById('matrix-controls');
  const q = document.getElementById('matrix-q');
  const modelSel = document.getElementById('matrix-model');
  const curSel = document.getElementById('matrix-currency');
  const unitSel = document.getElementById('matrix-unit');
  const oldBox = document.getElementById('matrix-old');
  const freshBox = document.getElementById('matrix-fresh');
  const estBox = document.getElementById('matrix-est');
  const columnsBox = document.getElementById('matrix-columns');
  const facetBoxes = form ? [...form.querySelectorAll('details.facet')] : [];
  const currencies = curSel ? [...curSel.options].map((o) => o.value) : [D.currency];

  // syncControls shows the state in the controls.
  function syncControls() {
    if (q) q.value = state.q;
    if (modelSel) modelSel.value = state.model;
    if (curSel) curSel.value = state.cur;
    if (unitSel) unitSel.value = state.unit;
    if (oldBox) oldBox.checked = state.old;
    if (freshBox) freshBox.checked = state.fresh;
    if (estBox) estBox.checked = state.est;
    for (const box of facetBoxes) {
      const set = state.facets[box.dataset.facet];
      let n = 0;
      for (const input of box.querySelectorAll('input:not(.group-box)')) {
        input.checked = set.has(input.value);
        if (input.checked) n++;
      }
      // A part of the world is checked when all its regions are.
      for (const g of box.querySelectorAll('input.group-box')) {
        const regions = [...g.closest('.facet-group').querySelectorAll('input:not(.group-box)')];
        const on = regions.filter((r) => r.checked).length;
        g.checked = on > 0 && on === regions.length;
        g.indeterminate = on > 0 && on < regions.length;
      }
      box.querySelector('.menu-count').textContent = n ? '(' + n + ')' : '';
    }
    if (columnsBox) {
      columnsBox.querySelector('.menu-count').textContent = '(' + (cols.length - state.hide.size) + '/' + cols.length + ')';
    }
    for (const c of cols) {
      if (!c.input) continue;
      c.input.value = state.filters.get(c.key) || '';
      markInput(c);
    }
  }
  function markInput(c) {
    const v = c.input.value;
    const bad = c.isNum && c.spec.num && v.trim() !== '' && !condition(v);
    c.input.classList.toggle('invalid', bad);
    if (bad) {
      c.input.setAttribute('aria-invalid', 'true');
      c.input.title = t('matrix.invalid');
    } else {
      c.input.removeAttribute('aria-invalid');
      c.input.removeAttribute('title');
    }
  }

  // update redraws after a change of the state: what changed decides how much.
  function update(opts) {
    opts = opts || {};
    if (opts.record !== false) record(opts.source);
    // A new view starts at its top; a column shown or hidden keeps the place.
    if (wrap && opts.top !== false && wrap.scrollTop > 0) wrap.scrollTop = 0;
    if (opts.head) drawHead();
    if (opts.rates) drawRates();
    compute();
    draw(true);
    drawStatus();
    drawPanel();
  }

  function applyState(s) {
    Object.assign(state, s);
    syncControls();
    drawHead();
    drawRates();
    compute();
    draw(true);
    drawStatus();
    drawPanel();
  }

  if (form) {
    form.addEventListener('submit', (e) => e.preventDefault());
    q.addEventListener('input', () => {
      state.q = q.value;
      update({ source: q });
    });
    modelSel.addEventListener('change', () => {
      state.model = modelSel.value;
      update({ head: true });
    });
    curSel.addEventListener('change', () => {
      state.cur = curSel.value;
      update({ head: true, rates: true });
    });
    unitSel.addEventListener('change', () => {
      state.unit = unitSel.value;
      update({ head: true });
    });
    estBox.addEventListener('change', () => {
      state.est = estBox.checked;
      update();
    });
    oldBox.addEventListener('change', () => {
      state.old = oldBox.checked;
      update();
    });
    if (freshBox) {
      freshBox.addEventListener('change', () => {
        state.fresh = freshBox.checked;
        update();
      });
    }
    for (const box of facetBoxes) {
      box.addEventListener('change', (e) => {
        const set = state.facets[box.dataset.facet];
        const group = e.target.classList.contains('group-box');
        const boxes = group ? [...e.target.closest('.facet-group').querySelectorAll('input:not(.group-box)')] : [e.target];
        for (const b of boxes) {
          if (e.target.checked) set.add(b.value);
          else set.delete(b.value);
        }
        syncControls();
        update();
      });
    }
    columnsBox.addEventListener('change', (e) => {
      if (e.target.value === 'instance') e.target.checked = true;
      else if (e.target.checked) state.hide.delete(e.target.value);
      else state.hide.add(e.target.value);
      syncControls();
      update({ head: true, top: false });
    });
    document.getElementById('matrix-reset').addEventListener('click', () => {
      const keep = { sel: state.sel, panel: state.panel };
      Object.assign(state, defaults(), keep);
      syncControls();
      update({ head: true, rates: true });
    });
    document.getElementById('matrix-csv').addEventListener('click', () => save('\ufeff' + csvText(), 'text/csv;charset=utf-8', 'csv'));
    document.getElementById('matrix-json').addEventListener('click', () => save(jsonText(), 'application/json', 'json'));
    cmpOpen.addEventListener('click', () => {
      state.panel = true;
      record();
      drawPanel();
      panel.scrollIntoView({ block: 'start' });
    });
    document.getElementById('matrix-close').addEventListener('click', () => {
      state.panel = false;
      record();
      drawPanel();
    });
    document.getElementById('matrix-clear').addEventListener('click', () => {
      state.sel = [];
      state.panel = false;
      record();
      for (const box of tbody.querySelectorAll('input.pick')) box.checked = false;
      drawPanel();
    });
    panel.addEventListener('click', (e) => {
      const b = e.target.closest('button.unpick');
      if (!b) return;
      state.sel = state.sel.filter((k) => k !== b.value);
      record();
      const box = tbody.querySelector('input.pick[value="' + CSS.escape(b.value) + '"]');
      if (box) box.checked = false;
      drawPanel();
    });
  }
  for (const c of cols) {
    if (!c.input) continue;
    c.input.addEventListener('input', () => {
      markInput(c);
      if (c.input.value) state.filters.set(c.key, c.input.value);
      else state.filters.delete(c.key);
      update({ source: c.input });
    });
  }
  headRow.addEventListener('click', (e) => {
    const b = e.target.closest('button.sort');
    if (!b) return;
    const key = b.dataset.col;
    state.dir = sortKey() === key ? -state.dir : 1;
    state.sort = key;
    update({ head: true });
  });
  tbody.addEventListener('change', (e) => {
    const box = e.target;
    if (!box.classList.contains('pick')) return;
    if (box.checked && !state.sel.includes(box.value)) state.sel.push(box.value);
    if (!box.checked) state.sel = state.sel.filter((k) => k !== box.value);
    record();
    drawPanel();
  });
  // Back, forward, and a hash typed or followed: show the view it names.
  function follow() {
    if (location.hash === applied) return;
    applied = location.hash;
    lastSource = null;
    applyState(decode(location.hash));
  }
  window.addEventListener('popstate', follow);
  window.addEventListener('hashchange', follow);

  // --- CSV of the view: the visible columns and every matching row, each
  // cell as the screen shows it (a source link as its URL), text that a
  // spreadsheet would run as a formula behind an apostrophe.

  function csvField(s) {
    if (s && '=+-@\t\r'.includes(s[0])) s = "'" + s;
    return /[",\r\n]/.test(s) || /^\s/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  function csvText() {
    const lines = [visible.map((c) => csvField(headText(c))).join(',')];
    for (const i of view) lines.push(visible.map((c) => csvField(cellText(c, i, true))).join(','));
    return lines.join('\r\n') + '\r\n';
  }

  // --- JSON of the view: the same rows and columns, each cell's text as
  // the CSV writes it and, for a figure, its exact value in the view's
  // currency and unit (absent when unknown, never 0), with the view itself.

  function jsonText() {
    const facets = {};
    for (const f of FACETS) if (state.facets[f].size) facets[f] = [...state.facets[f]].sort();
    const doc = {
      title: D.title,
      view: {
        state: encode(),
        model: state.model,
        currency: state.cur,
        unit: state.unit,
        sort: sortKey(),
        descending: state.dir < 0,
        search: state.q || undefined,
        facets,
        filters: Object.fromEntries(state.filters),
        include_estimates: state.est,
        hide_previous_generation: state.old,
      },
      columns: visible.map((c) => ({ key: c.key, label: c.label, unit: headText(c).slice(c.label.length).trim() || undefined })),
      offers: view.map((i) => {
        const o = offers[i];
        const values = {};
        for (const c of visible) {
          const f = c.spec.exact || c.spec.num;
          const v = f ? f(o, i) : null;
          if (typeof v === 'number' && isFinite(v)) values[c.key] = Number(v.toPrecision(10));
        }
        return {
          key: keys[i],
          provider: o.provider,
          instance: o.instance,
          region: o.region || undefined,
          cells: Object.fromEntries(visible.map((c) => [c.key, cellText(c, i, true)])),
          values,
        };
      }),
    };
    return JSON.stringify(doc, null, 2) + '\n';
  }

  // fileName names a download after the view: the pricing model, then
  // what the view narrows to (a currency or unit other than the page's,
  // the facets, the search, each column's filter), as lowercase words
  // joined by hyphens: gpucompare-offers-on_demand-h100-80gb.csv.
  function fileName(ext) {
    const slug = (s) =>
      String(s)
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/>=/g, 'ge')
        .replace(/<=/g, 'le')
        .replace(/>/g, 'gt')
        .replace(/</g, 'lt')
        .replace(/\.\./g, '-to-')
        .replace(/=/g, 'eq')
        .replace(/[^a-z0-9._]+/g, '-')
        .replace(/^[-.]+|[-.]+$/g, '');
    const parts = [t('matrix.file_stem'), state.model];
    if (state.cur !== D.currency) parts.push(state.cur);
    if (state.unit !== 'hour') parts.push('per-' + state.unit);
    for (const f of FACETS) parts.push(...[...state.facets[f]].sort());
    if (state.q) parts.push(state.q);
    for (const [k, v] of state.filters) parts.push(k.replace(/^m:/, '') + '-' + v);
    if (state.est) parts.push('with-estimates');
    let name = parts.map(slug).filter(Boolean).join('-');
    // A long view keeps its start: file systems refuse names over 255 bytes.
    if (name.length > 120) name = name.slice(0, 120).replace(/-[^-]*$/, '');
    return name + '.' + ext;
  }

  function save(text, type, ext) {
    const blob = new Blob([text], { type });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName(ext);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  // --- Start: the script's view replaces the page's rows.

  // On a phone the tools fold behind a button (static/style.css).
  const toggle = document.getElementById('matrix-tools-toggle');
  if (toggle) {
    toggle.addEventListener('click', () => {
      const open = form.classList.toggle('open');
      toggle.setAttribute('aria-expanded', String(open));
    });
  }
  if (form) form.hidden = false;
  if (filterRow) filterRow.hidden = false;
  table.classList.add('live');
  // The page's own rows go before anything is measured: measuring first
  // would lay out every one of them.
  tbody.replaceChildren();
  const pager = document.getElementById('matrix-pager');
  if (pager) pager.hidden = true;
  const status = document.getElementById('offers-caption');
  if (status) status.setAttribute('aria-live', 'polite');
  applyState(decode(location.hash));
  // After the rows in view replace the page's own: measuring before would
  // lay out every row the page was built with.
  fit();
  draw();

  // For tests and measurements: the view as data.
  window.gpucompareMatrix = {
    view: () => view.slice(),
    key: (i) => keys[i],
    csv: csvText,
    json: jsonText,
    fileName,
    amount,
  };
})();
