// matrix.js: the instance matrix (/compare/) in the browser. The page is
// complete without it; with it the matrix sorts by any column, filters by
// text, facets and per-column conditions, shows or hides columns, switches
// pricing model, currency and cost unit, compares chosen offers side by
// side and downloads the view as CSV and JSON. The whole view lives in the URL's
// hash, so a link reproduces it (from file:// too) and back and forward
// step through it.
//
// It reads the page's JSON block (#matrix-data: the shape of
// compare/offers.json without its offers, with the GPU figures, the UI
// text and the way to the site root) and the offers from the array
// window.gpucompareOffers, which the page's data scripts fill — and,
// with thousands of GPU models, the GPU figures past the first from
// window.gpucompareGPUs (compare/gpus-1.js …) — never fetch(), which
// Chromium refuses on file://. The page loads the first data script of
// offers (compare/offers-1.js) by <script src> before this one: the
// offers are written in the order of the default view, so it holds the
// first screen. The others (offers-2.js …, offer_chunks of them in all)
// this script inserts as <script> elements, which load from file:// and
// under script-src 'self', when the reader asks for more than the first
// screen: a search, a filter, a sort or any other change of the view, a
// scroll near the end of the rows loaded, a download, a link to a view
// (a hash). Until then the default view is drawn from the offers loaded,
// and the count says all the offers there are. Catalog
// text goes into the page as text nodes only. To stay fast with 10,000
// offers it sorts an index once per sort key, filters with precomputed
// values, and draws only the rows in view of the table's scrolling box,
// between two spacer rows as high as the rows above and below them: every
// matching offer is a scroll away, none behind a "show more".
//
// The default view is the answer: instance type, provider, GPUs, region,
// the price under the chosen pricing model, the price per GPU-hour (the
// sort) and the price's age and kind of source; the columns the page marks
// data-off (a price per pricing model, per GB and per TFLOPS, the source,
// the specs) are hidden until the reader chooses them.
//
// Prices from articles and estimates (source_kind article or estimate) are
// listed and marked, but not ranked: sorted by a price, they come after the
// ranked prices, ranked among themselves, unless the reader includes them
// ("Include estimates and article figures", est=1 in the URL). So do stale
// and undated prices ("Include stale prices", stale=1) and marketplaces'
// ("Include marketplaces", market=1), which are marked too; an offer its
// provider no longer lists (last_seen) is marked "last seen" and always
// comes after (unranked, the rule of every answer of the site).
(function () {
  'use strict';

  const dataEl = document.getElementById('matrix-data');
  const table = document.getElementById('matrix');
  if (!dataEl || !table) return;
  const D = JSON.parse(dataEl.textContent);
  const MSG = D.messages || {};
  // MAINLAND says some offer is in mainland China and priced in yuan as
  // its provider quotes it (an offer's mainland: the rule of the home
  // page's mainland view), which the switch "mainland China only" keeps
  // (on by default in the Chinese edition: D.mainland_on).
  const MAINLAND = !!D.mainland;
  const offers = window.gpucompareOffers || [];
  // rest are the data scripts of offers still to load (more), null once
  // every offer is loaded.
  let rest = null;
  if (D.offer_chunks > 1 && offers.length > 0 && offers.length < D.offer_count) {
    rest = [];
    for (let k = 2; k <= D.offer_chunks; k++) rest.push('offers-' + k + '.js');
  }
  let loading = null; // the promise of more, once asked for
  let broken = false; // a data script failed: the page's own rows are back
  let started = false; // the script's view has replaced the page's rows
  // A data script that did not load (the page saved alone, a network
  // error): the page's own rows stay, as without script.
  if (!rest && offers.length !== D.offer_count) return;
  // The GPU models: the page's block holds them all, or the first of them
  // and the count (gpu_count) of those it and the data scripts of GPU
  // models (compare/gpus-1.js …, filling window.gpucompareGPUs) hold.
  const gpuRecords = (D.gpus || []).concat(window.gpucompareGPUs || []);
  if (D.gpu_count && gpuRecords.length !== D.gpu_count) return;
  let N = offers.length;
  const UNITS = { hour: 1, month: 730, year: 8760 };

