// switches.js: the answer switches follow the reader from page to page.
// "Include stale prices" (stale=1) and "Include marketplaces" (market=1)
// live in the URL's fragment of the page that shows them (the home page,
// the matrix, a GPU page …); this script, on every page, writes them into
// the fragment of each link to another page of the site, so that the next
// page answers as this one, and so on from there: at load, after any
// control changes (a switch writes the URL before), when the fragment
// changes, and when a link is followed (rows a script draws later).
// A link to an element of a page (#region-…), to another site or to a
// file that is no page (CSV, JSON, feeds) is left as it is.
(function () {
  'use strict';
  var KEYS = ['stale', 'market'];

  // page reports whether href, as written, is a link to a page of the site
  // whose fragment, if any, is a state (key=value), not an element's id.
  function page(href) {
    if (!href || href.charAt(0) === '#' || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return false;
    var at = href.indexOf('#');
    var path = (at < 0 ? href : href.slice(0, at)).split('?')[0];
    if (!/(^|\/)$|\.html$/.test(path)) return false;
    var frag = at < 0 ? '' : href.slice(at + 1);
    return !frag || frag.indexOf('=') >= 0;
  }

  // carried is href with the switches of the page's fragment set in its
  // fragment, first, and the rest of its fragment after them.
  function carried(href, on) {
    var at = href.indexOf('#');
    var old = new URLSearchParams(at < 0 ? '' : href.slice(at + 1));
    var h = new URLSearchParams();
    KEYS.forEach(function (k) {
      if (on[k]) h.set(k, '1');
      old.delete(k);
    });
    old.forEach(function (v, k) { h.append(k, v); });
    var rest = h.toString();
    return (at < 0 ? href : href.slice(0, at)) + (rest ? '#' + rest : '');
  }

  function state() {
    var q = new URLSearchParams(location.hash.slice(1));
    var on = {};
    KEYS.forEach(function (k) { on[k] = q.get(k) === '1'; });
    return on;
  }

  function fix(a, on) {
    var href = a.getAttribute('href');
    if (!page(href)) return;
    var next = carried(href, on);
    if (next !== href) a.setAttribute('href', next);
  }

  function carry() {
    var on = state();
    Array.prototype.forEach.call(document.querySelectorAll('a[href]'), function (a) { fix(a, on); });
  }

  function follow(e) {
    var a = e.target.closest && e.target.closest('a[href]');
    if (a) fix(a, state());
  }

  carry();
  window.addEventListener('hashchange', carry);
  document.addEventListener('change', function () { setTimeout(carry); });
  document.addEventListener('click', follow, true);
  document.addEventListener('auxclick', follow, true);
  window.gpucompareCarrySwitches = carry;
})();
