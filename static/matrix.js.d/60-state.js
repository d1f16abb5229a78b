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
    if (state.stale) p.set('stale', '1');
    if (state.market) p.set('market', '1');
    if (state.fresh) p.set('fresh', '1');
    // The mainland switch against the edition's default: cn=0 shows
    // every offer in the Chinese edition, cn=1 only mainland China's in
    // another.
    if (MAINLAND && state.cn !== !!D.mainland_on) p.set('cn', state.cn ? '1' : '0');
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
    if (p.has('m') && (colByKey.has('m:' + p.get('m')) || TERMS[p.get('m')])) s.model = p.get('m');
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
    s.stale = p.get('stale') === '1';
    s.market = p.get('market') === '1';
    s.fresh = p.get('fresh') === '1';
    if (p.has('cn')) s.cn = p.get('cn') === '1';
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
  const cnBox = document.getElementById('matrix-cn');
  const staleBox = document.getElementById('matrix-stale');
  const marketBox = document.getElementById('matrix-market');
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
    if (cnBox) cnBox.checked = state.cn;
    if (estBox) estBox.checked = state.est;
    if (staleBox) staleBox.checked = state.stale;
    if (marketBox) marketBox.checked = state.market;
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
      box.querySelector('.menu-count').textContent = n ? t('matrix.count', n) : '';
    }
    if (columnsBox) {
      columnsBox.querySelector('.menu-count').textContent = t('matrix.count', cols.length - state.hide.size + '/' + cols.length);
    }
    for (const c of cols) {
      if (!c.input) continue;
      c.input.value = state.filters.get(c.key) || '';
      markInput(c);
    }
  }
  function markInput(c) {
    const v = c.input.value;
    const bad = c.isNum && c.spec.num && v.trim() !== '' && !numTest(c, v);
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
    // Any change of the view but the columns shown asks for every offer.
    if (rest && opts.top !== false) more();
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
    for (const [box, key] of [[staleBox, 'stale'], [marketBox, 'market']]) {
      if (!box) continue;
      box.addEventListener('change', () => {
        state[key] = box.checked;
        update();
      });
    }
    oldBox.addEventListener('change', () => {
      state.old = oldBox.checked;
      update();
    });
    if (cnBox) {
      cnBox.addEventListener('change', () => {
        state.cn = cnBox.checked;
        update();
      });
    }
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
    // A download holds the whole view: the rest of the offers load first.
    document.getElementById('matrix-csv').addEventListener('click', () =>
      whole(() => save('\ufeff' + csvText(), 'text/csv;charset=utf-8', 'csv')),
    );
    document.getElementById('matrix-json').addEventListener('click', () => whole(() => save(jsonText(), 'application/json', 'json')));
    cmpOpen.addEventListener('click', () => {
      state.panel = true;
      record();
      drawPanel();
      panel.scrollIntoView({ block: 'start' });
    });
    document.getElementById('matrix-print').addEventListener('click', () => window.print());
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
    if (rest) more();
    applyState(decode(location.hash));
  }
  window.addEventListener('popstate', follow);
  window.addEventListener('hashchange', follow);

