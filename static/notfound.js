// notfound.js: the 404 page of a site built without its URL holds this
// script inline (generator/site/notfound.go). A server shows that page for
// any address it has no file for, at any depth, and the page's links are
// written from the site's root: they hold only when the page is shown
// there. The script looks for the root among the folders above the
// address asked for, deepest first, one request at a time: the first that
// serves static/favicon.svg (the site's smallest file) is it. It then points the page's relative links
// there, and the search form's action. It does nothing from file:// (no server shows the page at
// another address), nor when no folder serves the file. The probe is a
// request to the server the page came from, which the policy allows; the
// site's other scripts never fetch (they must work from file://).
(function () {
  'use strict';
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return;

  // The folders of the address, deepest first: /a/b/c → /a/b/, /a/, /.
  var here = location.pathname.replace(/[^/]*$/, '');
  var dirs = [];
  for (var d = here; dirs.length < 16; d = d.replace(/[^/]*\/$/, '')) {
    dirs.push(d);
    if (d === '/' || d === '') break;
  }

  function relative(href) {
    return href !== null && !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href);
  }

  function pointAt(root) {
    var els = document.querySelectorAll('a[href], link[href], form[action]');
    for (var i = 0; i < els.length; i++) {
      var attr = els[i].tagName === 'FORM' ? 'action' : 'href';
      var href = els[i].getAttribute(attr);
      if (relative(href)) els[i].setAttribute(attr, root + (href === './' ? '' : href));
    }
  }

  function probe(i) {
    if (i >= dirs.length) return;
    // GET, not HEAD, and the body read to its end: browsers report a HEAD
    // request, or a body left unread when the page goes, as cancelled.
    fetch(dirs[i] + 'static/favicon.svg', { cache: 'no-store' })
      .then(function (r) {
        return r.text().then(function () {
          if (!r.ok) return probe(i + 1);
          if (dirs[i] !== here) pointAt(dirs[i]);
        });
      })
      .catch(function () {});
  }
  probe(0);
})();
