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
  // prices that do not answer (unranked: stale, a marketplace's, no longer
  // listed, an article's or an estimate) come after those that do unless
  // the reader includes them, an article's or an estimate's last of them
  // (where no price answers, as in mainland China's, the other prices
  // still come first), and prices that are only part of the cost
  // after those: each group ranked among itself, as neither compares with
  // a whole, ranked price.
  let partial = offers.map((o) => !!o.price_incomplete);
  function order() {
    const c = colByKey.get(sortKey());
    const sig = c ? c.key + '|' + state.dir + '|' + (c.spec.dyn ? state.model + '|' + state.cur + '|' + state.est + '|' + state.stale + '|' + state.market : '') : '';
    if (sorted && sig === sortedBy) return sorted;
    let idx = [];
    if (c) {
      const v = sortValues(c);
      const dir = state.dir;
      const model = c.model || state.model;
      const unknown = [];
      const parts = [];
      const lesser = [];
      const articles = [];
      for (let i = 0; i < N; i++) {
        if (v[i] !== v[i]) unknown.push(i);
        else if (c.spec.dyn && partial[i]) parts.push(i);
        else if (c.spec.dyn && unranked(offers[i], model)) (fromArticle(offers[i], model) ? articles : lesser).push(i);
        else idx.push(i);
      }
      const by = (a, b) => (v[a] - v[b]) * dir || a - b;
      idx.sort(by);
      lesser.sort(by);
      articles.sort(by);
      parts.sort(by);
      for (const i of lesser) idx.push(i);
      for (const i of articles) idx.push(i);
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

