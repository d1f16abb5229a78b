  // --- Filters.

  // condition parses ">=4" (or "≥4"), "<2.5", "40..80" (or "40–80", "40~80"),
  // "=8" or "8"; null when it is none.
  function condition(s) {
    const x = s.replace(/[\s,]/g, '').replace(/\u2264/g, '<=').replace(/\u2265/g, '>=').replace(/[\u2013~]/g, '..');
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

  // counted reads a number of GPUs out of what the reader typed, as a buyer
  // writes it ("8x", "×8", "8 GPUs", "8卡", ">=4", "4-8": static/query.js,
  // loaded before this script), and leaves the other words; bare: a
  // number alone is a count too, as in the GPUs columns, where "8" is
  // eight GPUs and not a part of "80GB".
  const QUERY = window.gpucompareQuery || null;
  function counted(s, bare) {
    if (QUERY) return QUERY.parse(s, bare);
    return { test: null, rest: s.toLowerCase().split(/\s+/).filter(Boolean).join(' ') };
  }
  // COUNTED are the columns of the number of GPUs.
  const COUNTED = { gpu: true, gpu_count: true };
  // numTest is the test of a numeric column's filter, or null when it is
  // not one: for the GPU count, a count as a buyer writes it.
  function numTest(c, expr) {
    if (!COUNTED[c.key] || !QUERY) return condition(expr);
    const q = counted(expr, true);
    return q.test && !q.rest ? q.test : null;
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
    // The search box: a number of GPUs ("8x H100") asks for offers with
    // that many; each other word must be in the offer's text.
    const query = counted(state.q, false);
    if (query.test) out.push((i) => query.test(offers[i].gpu_count));
    const words = query.rest.split(' ').filter(Boolean);
    if (words.length) out.push((i) => words.every((w) => hay[i].includes(w)));
    if (state.old) out.push((i) => !offers[i].previous_generation);
    if (state.fresh) {
      const m = state.model;
      out.push((i) => {
        const p = priceOf(offers[i], m);
        const b = p ? badgeOf(p) : '';
        return b !== 'stale' && b !== 'undated';
      });
    }
    if (state.cn && MAINLAND) out.push((i) => !!offers[i].mainland);
    const f = state.facets;
    if (f.provider.size) out.push((i) => f.provider.has(offers[i].provider));
    if (f.gpu.size) out.push((i) => f.gpu.has(offers[i].gpu));
    if (f.region.size) out.push((i) => f.region.has(offers[i].region));
    if (f.model.size) out.push((i) => [...f.model].some((m) => offers[i].prices && offers[i].prices[m]));
    for (const [key, expr] of state.filters) {
      const c = colByKey.get(key);
      if (!c || !expr.trim()) continue;
      if (c.isNum && c.spec.num) {
        const cond = numTest(c, expr);
        if (!cond) continue;
        const v = values(c, true);
        out.push((i) => v[i] !== null && cond(v[i]));
      } else if (COUNTED[c.key]) {
        // The GPUs: a count, and words of the model, each in the cell.
        const q = counted(expr, true);
        if (q.test) out.push((i) => q.test(offers[i].gpu_count));
        const ws = q.rest.split(' ').filter(Boolean);
        const v = values(c, false);
        if (ws.length) out.push((i) => ws.every((w) => v[i].includes(w)));
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

