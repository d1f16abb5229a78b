  // --- Offers, and what the filters and sorts read of them.

  const gpus = new Map(gpuRecords.map((g) => [g.id, g]));
  const keyOf = (o) => o.provider + '/' + o.instance + (o.region ? '/' + o.region : '');
  const hayOf = (o) =>
    [o.provider_name, o.instance_name, o.gpu_name, o.gpu, o.region, o.region_name, o.interconnect, o.network, (o.certifications || []).join(' '), o.price_not_public]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
  // keys, byKey and hay grow with the offers (grow).
  let keys = offers.map(keyOf);
  let byKey = new Map(keys.map((k, i) => [k, i]));
  let hay = offers.map(hayOf);
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
      stale: false,
      market: false,
      fresh: false,
      // Mainland China only: on by default in the Chinese edition.
      cn: !!D.mainland_on,
      facets: { provider: new Set(), gpu: new Set(), region: new Set(), model: new Set() },
      filters: new Map(),
      hide: new Set(off),
      sel: [],
      panel: false,
    };
  }

  // TERMS are the models of each commitment choice ("commit_1y": a
  // reserved instance, a savings plan or committed use of 1 year).
  const TERMS = D.terms || {};
  // bought is the pricing model whose price an offer shows under a
  // choice: the choice itself, or for a commitment the model of its term
  // that pricing.Offer.Committed takes: one that answers with the reader's
  // switches, then one converted into the site currency, the cheapest of
  // those; else any with a price.
  function bought(o, model) {
    const term = TERMS[model];
    if (!term) return model;
    let best = model;
    let rank = 0;
    for (const m of term) {
      const p = o.prices && o.prices[m];
      if (!p) continue;
      let r = 1;
      if (p.display_hourly !== undefined) r = unrankedPrice(o, p) ? 2 : 3;
      if (r > rank || (r === rank && r > 1 && p.display_hourly < o.prices[best].display_hourly)) {
        best = m;
        rank = r;
      }
    }
    return best;
  }
  const priceOf = (o, model) => o.prices && o.prices[bought(o, model)];

  // price values per model in the chosen currency, per hour; NaN when unknown.
  const priceCache = new Map();
  function prices(model) {
    // A commitment's pick follows the reader's switches.
    const key = model + '|' + state.cur + (TERMS[model] ? '|' + state.est + state.stale + state.market : '');
    let a = priceCache.get(key);
    if (a) return a;
    a = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      const p = priceOf(offers[i], model);
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
    return parts.join(t('punct.comma'));
  }
  function modelPrice(o) {
    return priceOf(o, state.model);
  }

  // --- Trust: the kind of a price's source and its age (the partial
  // "price-trust" of the build; static/age.js words the age).

  const UNRANKED = { article: true, estimate: true };
  const NOT_CURRENT = { stale: true, undated: true };
  // unranked reports whether an offer's price under a model does not
  // answer with the reader's switches: the rule of every answer of the
  // site (pricing.Price.Answers), with freshness counted to the reader's
  // day. An offer its provider no longer lists (last_seen) never answers,
  // nor one in a region open only to customers the provider vets
  // (region_access restricted);
  // an article's figure or an estimate only with "include estimates"
  // (est=1); a marketplace's price only with "include marketplaces"
  // (market=1); a stale or undated price only with "include stale
  // prices" (stale=1).
  function unranked(o, model) {
    const p = priceOf(o, model);
    return !!p && unrankedPrice(o, p);
  }
  // fromArticle reports whether an offer's price under a model is an
  // article's figure or an estimate the reader has not included.
  function fromArticle(o, model) {
    const p = priceOf(o, model);
    return !!p && !state.est && !!UNRANKED[p.source_kind];
  }
  function unrankedPrice(o, p) {
    return !!p.last_seen || o.region_access === 'restricted' || (!state.est && !!UNRANKED[p.source_kind]) ||
      (!state.market && o.provider_kind === 'marketplace') || (!state.stale && !!NOT_CURRENT[badgeOf(p)]);
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
  // A private quote has no age: it is current until its last valid day
  // (valid_until, the reader's day counted), then stale, as the build's
  // "price-trust" shows it.
  function badgeOf(p) {
    if (p.source_kind === 'quote' && DATE.test(p.valid_until || '')) return quoteValid(p) ? '' : 'stale';
    const d = ageDate(p);
    return d && window.gpucompareBadge ? window.gpucompareBadge(d) : d ? '' : 'undated';
  }
  function quoteValid(p) {
    const n = new Date();
    const today = n.getFullYear() + '-' + String(n.getMonth() + 1).padStart(2, '0') + '-' + String(n.getDate()).padStart(2, '0');
    return p.valid_until >= today;
  }
  // quoteSeg is a quote's terms in words, in place of an age and badge:
  // "your quote, valid until …" (the partial "quote-terms").
  function quoteSeg(p) {
    return { t: t('quote.kind') + t('punct.comma') + t('quote.valid_until', day(p.valid_until)), c: 'kind kind-quote', ti: t('trust.kind_title.quote'), x: true };
  }
  // badgeSeg is the badge of a dated price; an undated one's age says so.
  function badgeSeg(p) {
    const b = badgeOf(p);
    return b && b !== 'undated' ? { t: t('trust.badge.' + b), c: 'fresh fresh-' + b, ti: MSG['trust.badge_title'] || '', x: true } : null;
  }

  // Columns by key. cell(offer, i, ctx) is what is drawn, on one line:
  // segments of text, each with a class, a title or a link (en: the
  // catalog's text, marked as its language; tl: the page's words with the
  // catalog's text as their title); a cell's title (and en: the cell is the
  // catalog's text)
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
            { t: o.instance_name, h: href(o.url), ti: o.instance_name, en: true },
            o.previous_generation && { t: ' ' },
            o.previous_generation && { t: t('matrix.prev_short'), c: 'tag', ti: t('instance.previous_gen') },
            o.price_incomplete && { t: ' ' },
            o.price_incomplete && { t: t('matrix.partial_short'), c: 'tag partial', ti: tip(o.price_incomplete), tl: true },
          ],
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
        if (o.network) return { ...cellOfSegs([{ t: o.network }], o.network), en: true };
        return na();
      },
    },
    interconnect: { sort: (o) => o.interconnect || null, cell: (o) => (o.interconnect ? { ...cellOfSegs([{ t: o.interconnect }], o.interconnect), en: true } : na()) },
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
        const title = [known(p.since) ? day(p.since) : t('date.unknown'), p.as_of ? t('col.as_of') + t('punct.colon') + day(p.as_of) : ''].filter(Boolean).join(' \u00b7 ');
        const segs = p.source_kind === 'quote' && DATE.test(p.valid_until || '') && quoteValid(p) ? [quoteSeg(p)] : [ageSeg(p), { t: ' ' }, badgeSeg(p), { t: ' ' }, kindSeg(p.source_kind)];
        // Only a fork's or mirror's copy states it: the short mark the
        // page writes (partial "copy-label"), which the legend under the
        // table explains.
        if (p.source_copy) segs.push({ t: ' ', x: true }, { t: t('trust.copy_short.' + p.source_copy), c: 'kind tag copy', x: true });
        if (o.provider_kind === 'marketplace') segs.push({ t: ' ', x: true }, { t: t('trust.marketplace'), c: 'kind tag marketplace', ti: t('trust.marketplace_title'), x: true });
        // A region only vetted customers may buy in comes first: the
        // reader must see it before the age, in a narrow column too.
        if (o.region_access === 'restricted') segs.unshift({ t: t('trust.restricted'), c: 'kind tag restricted', ti: o.region_access_note || t('trust.restricted_title'), x: true }, { t: ' ', x: true });
        if (p.last_seen) segs.push({ t: ' ', x: true }, { t: t('trust.last_seen', day(p.last_seen)), c: 'kind tag last-seen', ti: t('trust.last_seen_title'), x: true });
        // An international site's list price in mainland China, as the
        // partial "price-trust" marks it: not what the China site charges.
        if (p.intl_site) segs.push({ t: ' ', x: true }, { t: t('price.abroad.intl_site'), c: 'kind tag abroad', ti: t('price.abroad_title.intl_site'), x: true });
        return { title, lines: [segs.filter(Boolean)] };
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
  // perUnit is the unit a normalised figure's title ends in: per GPU-hour
  // (/GPU-h, /GPU小时) for the per-GPU column, per GPU and the chosen
  // period under another unit; "" for the other columns, whose headings
  // name their unit.
  function perUnit(k) {
    if (k !== 'per_gpu') return '';
    return state.unit === 'hour' ? t('unit.gpu_hour') : t('unit.per_gpu') + t('unit.' + state.unit);
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
        return isFinite(v) ? cellOfSegs([{ t: amount(v, state.cur) }], exact(v) + (t('punct.amount_space') ? ' ' : '') + cur(state.cur) + perUnit(k)) : na();
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
        const own = bought(o, model());
        const p = o.prices && o.prices[own];
        if (!p) {
          if (!fixed && !o.region && o.price_not_public) {
            return { title: '', lines: [[{ t: t('price.not_public'), c: 'not-public', ti: tip(o.price_not_public), tl: true }]] };
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
          segs.push({ t: amount(v * m, state.cur), c: 'money' });
          title.push(t('matrix.price_exact', exact(v * m), cur(state.cur) + unit));
        } else {
          segs.push({ t: amount(p.hourly * m, p.currency) + t('punct.amount_space'), c: 'money' }, { t: cur(p.currency), c: 'cur' });
          title.push(t('matrix.price_exact', exact(p.hourly * m), cur(p.currency) + unit), t('matrix.no_rate', cur(state.cur)));
        }
        if (p.payment) title.push(t('payment.' + p.payment));
        if (p.upfront > 0) title.push(t('price.upfront', amount(p.upfront, p.currency) + (t('punct.amount_space') ? ' ' : '') + cur(p.currency)));
        if (p.discount_pct !== undefined) title.push(t('price.discount', fnum(p.discount_pct)));
        if (p.currency !== state.cur && isFinite(v)) {
          const c = convert(p.currency, state.cur);
          segs.push({ t: ' ' }, { t: amount(p.hourly * m, p.currency) + t('punct.amount_space') + cur(p.currency), c: 'q' });
          title.push(t('matrix.price_quoted', exact(p.hourly * m), cur(p.currency) + unit) + t('punct.comma') + t('matrix.rate_title', c.rates.map(rateText).join(t('matrix.rate_chain'))));
        }
        if (fixed && UNRANKED[p.source_kind]) segs.push({ t: ' ', x: true }, kindSeg(p.source_kind));
        // Under a commitment, the row names the model it is priced under,
        // on a line of its own (style.css).
        if (own !== model()) {
          title.push(t('model.' + own));
          segs.push({ t: ' ', x: true }, { t: t('model.' + own), c: 'term', x: true });
        }
        return { title: title.join(t('punct.semicolon')), lines: [segs] };
      },
    };
  }
  SPEC.price = priceSpec(null);


