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

