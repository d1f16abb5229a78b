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
      } else if (s.c || s.ti || (s.en && FOREIGN)) {
        node = document.createElement(s.ti && !s.c && !s.tl ? 'abbr' : 'span');
        if (s.c) node.className = s.c;
        if (s.ti) node.title = s.ti;
        if (s.date) node.dataset.date = s.date;
      }
      let target = node || el;
      if (FOREIGN && (s.en || s.tl) && node) {
        // The catalog's text (or a title of it) is marked as English; the
        // page's words inside a title of it as the page's language.
        node.lang = 'en';
        if (s.tl) {
          target = document.createElement('span');
          target.lang = PAGE;
          node.append(target);
        }
      }
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
  const sinceCol = cols.find((c) => c.key === 'since');
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
      if (cell.en && FOREIGN) el.lang = 'en';
      fill(el, cell);
      if (c.key === 'instance') {
        // On a phone, where the provider and region columns are not shown.
        const where = document.createElement('span');
        where.className = 'where';
        where.textContent = o.provider_name + (o.region ? ' \u00b7 ' + regionText(o) : '');
        if (o.region && o.region !== 'all' && o.region_name && o.region_name !== o.region) {
          // The region's code too, as the region column writes it.
          const code = document.createElement('span');
          code.className = 'id';
          code.textContent = o.region;
          where.append(' ', code);
        }
        el.append(where);
      }
      if (c.key === 'gpu' && sinceCol) {
        // On a phone, under the GPUs: the price's age and source kind, the
        // age · source column's line.
        const since = document.createElement('span');
        since.className = 'phone-since';
        fill(since, cellOf(sinceCol, i));
        el.append(since);
      }
      tr.append(el);
    }
    return tr;
  }

  // The rows in view: drawn between two spacer rows that stand for the
  // rows above and below them, so that the box scrolls over all of them.
  // Rows are one line, all of one height (measured once drawn), but for
  // the few whose name takes two: the height is the lowest drawn.
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
    if (broken) return;
    if (fresh) rowCache = new Map();
    const [from, to] = span();
    // Near the end of the rows loaded, the rest of the offers load; not
    // while printing, which draws every row loaded: they would arrive
    // while the paper is made (afterprint asks for them).
    if (rest && !printing && to + 50 >= view.length) more();
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
    // The rows' height as first drawn (the lowest, as a long name takes
    // two lines): if it is not the one assumed, the spacers are set again.
    // (Read once: reading it forces a layout.)
    const first = tbody.rows[1];
    if (!measured && view.length && first && first.className !== 'pad') {
      let real = Infinity;
      for (const tr of tbody.rows) if (tr.className !== 'pad') real = Math.min(real, tr.getBoundingClientRect().height);
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
    // Paper has no scrolling box: it gets every row of the view. Printed
    // before the rest of the offers have loaded, the count says the paper
    // holds the first of them only, and the rest load for the next print.
    window.addEventListener('beforeprint', () => {
      printing = true;
      draw(true);
      drawStatus();
    });
    window.addEventListener('afterprint', () => {
      printing = false;
      draw(true);
      drawStatus();
      if (rest) more();
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
  // drawStatus writes the count of the view. While printing before the
  // rest of the offers have loaded, it says the paper holds the first of
  // them only: whatever redraws the page for print (the paper's width
  // may lay the table out again) keeps that.
  function drawStatus() {
    if (!count) return;
    if (printing && rest) count.textContent = t('matrix.print_partial', fnum(view.length), fnum(D.offer_count));
    // Before the rest of the offers load, the view is the default one: every offer.
    else count.textContent = t('matrix.status', fnum(rest && !loading ? D.offer_count : view.length), fnum(D.offer_count));
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
    if (c.model) return cur(state.cur) + u;
    if (per[c.key] || c.key === 'price') return t('matrix.norm_unit', cur(state.cur), u, t('model.' + state.model));
    if (c.key === 'since' || c.key === 'source') return t('model.' + state.model);
    return null;
  }
  function headText(c) {
    const u = unitOf(c);
    return c.label + (u !== null ? ' ' + u : c.unitEl ? ' ' + c.unitEl.textContent : '');
  }

  // fxCite is a rate's source as the page renders it (fx_cites, made by
  // the build in the page's language: "(Xinhua)" is （新华社） on /zh/),
  // else split here.
  function fxCite(source) {
    const cs = D.fx_cites && D.fx_cites[source];
    if (!cs) return cite(source);
    return cs.map((segs) => segs.map((s) => (s.h ?
      { t: s.t, h: s.h, c: 'source', ti: s.h, en: s.en } : { t: s.t, c: 'source', en: s.en, q: s.q })));
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
    ratesEl.replaceChildren(t('matrix.rates', cur(state.cur)) + t('punct.space'));
    rates.forEach((fx, k) => {
      if (k) ratesEl.append('; ');
      const span = document.createElement('span');
      span.className = 'fx-rate';
      span.append(rateKindText(fx) + ' ');
      for (const segs of fxCite(fx.source)) {
        const src = document.createElement('span');
        src.className = 'cite';
        put(src, segs);
        for (const s of segs) {
          if (!s.q) continue;
          const q = document.createElement('q');
          q.textContent = s.q;
          src.lastChild.append(q);
        }
        span.append(src);
      }
      ratesEl.append(span);
    });
  }

  // --- The compare panel: the selected offers as columns, every field a row.
  // What it prints starts with the answer: the selected offers one line
  // each, with the price, the price's age and its source (printKeys), in
  // the chosen model and currency; style.css shows it in print only, and
  // hides the rest of the page.

  const printKeys = ['instance', 'provider', 'gpu', 'region', 'price', 'per_gpu', 'since', 'source'];
  const printOffers = document.getElementById('matrix-print-offers');
  const printCaption = document.getElementById('matrix-print-caption');
  function drawPrintSummary(sel) {
    if (!printOffers) return;
    const pcols = printKeys.map((k) => colByKey.get(k)).filter(Boolean);
    const thead = document.createElement('thead');
    const hr = document.createElement('tr');
    for (const c of pcols) {
      const th = document.createElement('th');
      th.scope = 'col';
      if (c.isNum) th.className = 'num';
      th.textContent = headText(c);
      hr.append(th);
    }
    thead.append(hr);
    const tb = document.createElement('tbody');
    for (const k of sel) {
      const i = byKey.get(k);
      const tr = document.createElement('tr');
      for (const c of pcols) {
        const td = document.createElement(c.key === 'instance' ? 'th' : 'td');
        if (c.key === 'instance') td.scope = 'row';
        td.className = [c.isNum ? 'num' : '', 'p-' + c.key].filter(Boolean).join(' ');
        fill(td, cellOf(c, i));
        tr.append(td);
      }
      tb.append(tr);
    }
    printOffers.replaceChildren(thead, tb);
    const today = new Date().toISOString().slice(0, 10);
    printCaption.textContent = t('matrix.print_caption', sel.length, cur(state.cur), day(today));
  }

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
      if (printOffers) printOffers.replaceChildren();
      return;
    }
    drawPrintSummary(sel);
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
        if (cell.en && FOREIGN) td.lang = 'en';
        fill(td, cell);
        tr.append(td);
      }
      tb.append(tr);
    }
    cmpTable.replaceChildren(thead, tb);
  }

