  // --- CSV of the view: the visible columns and every matching row, each
  // cell as the screen shows it (a source link as its URL), text that a
  // spreadsheet would run as a formula behind an apostrophe.

  function csvField(s) {
    if (s && '=+-@\t\r'.includes(s[0])) s = "'" + s;
    return /[",\r\n]/.test(s) || /^\s/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  function csvText() {
    const lines = [visible.map((c) => csvField(headText(c))).join(',')];
    for (const i of view) lines.push(visible.map((c) => csvField(cellText(c, i, true))).join(','));
    return lines.join('\r\n') + '\r\n';
  }

  // --- JSON of the view: the same rows and columns, each cell's text as
  // the CSV writes it and, for a figure, its exact value in the view's
  // currency and unit (absent when unknown, never 0), with the view itself.

  function jsonText() {
    const facets = {};
    for (const f of FACETS) if (state.facets[f].size) facets[f] = [...state.facets[f]].sort();
    const doc = {
      title: D.title,
      view: {
        state: encode(),
        model: state.model,
        currency: state.cur,
        unit: state.unit,
        sort: sortKey(),
        descending: state.dir < 0,
        search: state.q || undefined,
        facets,
        filters: Object.fromEntries(state.filters),
        include_estimates: state.est,
        hide_previous_generation: state.old,
      },
      columns: visible.map((c) => ({ key: c.key, label: c.label, unit: headText(c).slice(c.label.length).trim() || undefined })),
      offers: view.map((i) => {
        const o = offers[i];
        const values = {};
        for (const c of visible) {
          const f = c.spec.exact || c.spec.num;
          const v = f ? f(o, i) : null;
          if (typeof v === 'number' && isFinite(v)) values[c.key] = Number(v.toPrecision(10));
        }
        return {
          key: keys[i],
          provider: o.provider,
          instance: o.instance,
          region: o.region || undefined,
          cells: Object.fromEntries(visible.map((c) => [c.key, cellText(c, i, true)])),
          values,
        };
      }),
    };
    return JSON.stringify(doc, null, 2) + '\n';
  }

  // fileName names a download after the view: the pricing model, then
  // what the view narrows to (a currency or unit other than the page's,
  // the facets, the search, each column's filter), as lowercase words
  // joined by hyphens: gpucompare-offers-on_demand-h100-80gb.csv.
  function fileName(ext) {
    const slug = (s) =>
      String(s)
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/>=/g, 'ge')
        .replace(/<=/g, 'le')
        .replace(/>/g, 'gt')
        .replace(/</g, 'lt')
        .replace(/\.\./g, '-to-')
        .replace(/=/g, 'eq')
        .replace(/[^a-z0-9._]+/g, '-')
        .replace(/^[-.]+|[-.]+$/g, '');
    const parts = [t('matrix.file_stem'), state.model];
    if (state.cur !== D.currency) parts.push(state.cur);
    if (state.unit !== 'hour') parts.push('per-' + state.unit);
    for (const f of FACETS) parts.push(...[...state.facets[f]].sort());
    if (state.q) parts.push(state.q);
    for (const [k, v] of state.filters) parts.push(k.replace(/^m:/, '') + '-' + v);
    if (state.est) parts.push('with-estimates');
    let name = parts.map(slug).filter(Boolean).join('-');
    // A long view keeps its start: file systems refuse names over 255 bytes.
    if (name.length > 120) name = name.slice(0, 120).replace(/-[^-]*$/, '');
    return name + '.' + ext;
  }

  function save(text, type, ext) {
    const blob = new Blob([text], { type });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName(ext);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

