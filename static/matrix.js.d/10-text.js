  // --- Text and numbers, as the build writes them (generator/site/templates.go).

  // t formats a message of the page's catalogue: %s and %d in order, %% a percent sign.
  function t(key, ...args) {
    const s = MSG[key];
    if (s === undefined) return key;
    let n = 0;
    return s.replace(/%(?:\[(\d+)\])?([sd%])/g, (m, index, verb) => {
      if (verb === '%') return '%';
      const i = index ? Number(index) - 1 : n++;
      return Number.isInteger(args[i]) ? fnum(args[i]) : String(args[i]); // a count grouped, as the build writes it
    });
  }

  // PAGE is the page's language; FOREIGN, whether the catalog's text
  // (English) is another language on it, marked lang="en" as the build
  // marks it (Messages.own, Messages.tip).
  const PAGE = document.documentElement.lang || 'en';
  const FOREIGN = !/^en(-|$)/.test(PAGE);

  // tip is a tooltip of the catalog's text: on a page in another language,
  // with the mark of untranslated text after it.
  function tip(note) {
    return FOREIGN && MSG['untranslated.mark'] ? note + ' (' + MSG['untranslated.mark'] + ')' : note;
  }

  // cur is a currency code as the page's language writes it beside an
  // amount (currency_unit: 元, 美元), else the code (Messages.Cur).
  function cur(code) {
    const s = MSG['currency_unit.' + code];
    return s === undefined ? code : s;
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
  function amount(v, currency) {
    const p = decimalsIn(v, currency);
    const r = round(v, p);
    return group(Math.abs(r).toFixed(p), r < 0);
  }

  // decimalsIn is pricing.ShownDecimalsIn: a yuan amount to the fen from
  // 0.1 up, four decimals below; other currencies as decimals.
  function decimalsIn(v, currency) {
    const a = Math.abs(v);
    if (currency !== 'CNY' || !(a > 0) || !isFinite(a)) return decimals(v);
    return round(a, 2) >= 0.1 ? 2 : 4;
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
    return t('matrix.rate_dated', t('matrix.rate', cur(fx.base), fnum(fx.rate), cur(fx.quote)), known(fx.date) ? day(fx.date) : t('date.unknown'));
  }
  // rateKindText is a rate of the list of rates: with the kind of rate and
  // of its source when the catalog states them (the partial "rate-kind").
  function rateKindText(fx) {
    if (!fx.kind) return rateText(fx);
    return t('matrix.rate_kind', t('matrix.rate', cur(fx.base), fnum(fx.rate), cur(fx.quote)), t('fx.kind.' + fx.kind),
      known(fx.date) ? day(fx.date) : t('date.unknown'), fx.source_kind ? t('fx.source_kind.' + fx.source_kind) : '');
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

