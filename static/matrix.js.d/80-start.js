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
