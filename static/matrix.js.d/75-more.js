  // --- The rest of the offers, on demand.

  // grow takes in the offers the data scripts added: what is computed
  // per offer is computed again for all of them, and what was cached for
  // the offers loaded before is dropped.
  function grow() {
    N = offers.length;
    keys = offers.map(keyOf);
    byKey = new Map(keys.map((k, i) => [k, i]));
    hay = offers.map(hayOf);
    partial = offers.map((o) => !!o.price_incomplete);
    priceCache.clear();
    rankCache.clear();
    valueCache.clear();
    sorted = null;
    sortedBy = '';
    rowCache = new Map();
  }

  // more loads the data scripts of offers not loaded yet, in their
  // order, each as a <script> element (never fetch(), refused on
  // file://), then draws the view again from every offer. When one does
  // not load, the page's own rows come back, as without script.
  function more() {
    if (!rest) return Promise.resolve();
    if (loading) return loading;
    table.setAttribute('aria-busy', 'true');
    loading = new Promise((resolve, reject) => {
      let left = rest.length;
      for (const src of rest) {
        const s = document.createElement('script');
        s.src = src; // beside the page, as offers-1.js
        s.async = false; // run in order
        s.onload = () => {
          if (--left === 0) resolve();
        };
        s.onerror = () => reject(new Error(src));
        document.body.append(s);
      }
    }).then(
      () => {
        table.removeAttribute('aria-busy');
        if (offers.length !== D.offer_count) return fail();
        rest = null;
        grow();
        if (!started) return;
        applyState({});
        // The rates of every offer may take more lines above the table.
        fit();
        draw();
      },
      () => fail(),
    );
    return loading;
  }

  // whole runs f once every offer is loaded.
  function whole(f) {
    if (!rest) return f();
    more().then(() => {
      if (!broken) f();
    });
  }

  // fail puts the page's own rows back, with every column and the pager,
  // and hides the tools, as without script.
  const ownCaption = count ? count.textContent : '';
  function fail() {
    broken = true;
    rest = null;
    table.removeAttribute('aria-busy');
    table.classList.remove('live');
    if (form) form.hidden = true;
    if (toggle) toggle.hidden = true;
    if (filterRow) filterRow.hidden = true;
    for (const c of cols) {
      c.th.hidden = false;
      if (c.colEl) c.colEl.hidden = false;
      if (c.filterCell) c.filterCell.hidden = false;
    }
    tbody.replaceChildren(...ownRows);
    if (pager) pager.hidden = false;
    if (count) count.textContent = ownCaption;
  }
