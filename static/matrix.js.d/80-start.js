  // --- Start: the script's view replaces the page's rows.

  // On a phone the tools fold behind a button (static/style.css).
  const toggle = document.getElementById('matrix-tools-toggle');
  if (toggle) {
    toggle.addEventListener('click', () => {
      const open = form.classList.toggle('open');
      toggle.setAttribute('aria-expanded', String(open));
    });
  }
  const pager = document.getElementById('matrix-pager');
  // The page's own rows, kept while a data script may yet fail to load.
  const ownRows = rest ? [...tbody.children] : [];
  function start() {
    if (broken) return;
    started = true;
    if (form) form.hidden = false;
    if (filterRow) filterRow.hidden = false;
    table.classList.add('live');
    // The page's own rows go before anything is measured: measuring first
    // would lay out every one of them.
    tbody.replaceChildren();
    if (pager) pager.hidden = true;
    const status = document.getElementById('offers-caption');
    if (status) status.setAttribute('aria-live', 'polite');
    applyState(decode(location.hash));
    // After the rows in view replace the page's own: measuring before would
    // lay out every row the page was built with.
    fit();
    draw();
  }
  // A link to a view (a hash) may name any offer, and the mainland
  // default keeps offers of any part of the list: every offer loads
  // first, the page's own rows showing meanwhile.
  if (rest && (location.hash.length > 1 || MAINLAND && D.mainland_on)) more().then(start);
  else start();

  // For tests and measurements: the view as data.
  window.gpucompareMatrix = {
    view: () => view.slice(),
    key: (i) => keys[i],
    csv: csvText,
    json: jsonText,
    fileName,
    amount,
    // loadAll loads every offer (more); loaded tells whether it has.
    loadAll: () => more(),
    loaded: () => !rest,
  };
})();
