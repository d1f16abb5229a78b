// gpucompare serve: reloads the page when the site is rebuilt.
//
// The server adds this script to every HTML page it serves, tagged with the
// id of the build the page comes from (data-build). It listens to the
// server's events; each carries the id of the current build, and when that
// is not the page's, the page is out of date and reloads. A server that
// restarts has new ids, so a page reloads after a restart too.
(function () {
  'use strict';
  var script = document.currentScript;
  var build = script ? script.getAttribute('data-build') : null;
  // The page's path tells the server which pages to render first after
  // an edit.
  var url = '/__gpucompare/events?page=' + encodeURIComponent(location.pathname);

  function check(e) {
    if (e.data && e.data !== build) location.reload();
  }

  var source = null;

  function connect() {
    source = new EventSource(url);
    source.addEventListener('hello', check);
    source.addEventListener('reload', check);
    source.addEventListener('error', function (e) {
      // The browser retries a dropped stream by itself; one it gave up on
      // (the server answered, but not with events) is opened again here.
      if (e.target === source && source.readyState === EventSource.CLOSED) {
        source = null;
        setTimeout(connect, 1000);
      }
    });
  }

  // A page leaving closes its stream; one brought back from the history
  // cache opens it again, and its hello says whether it is out of date.
  window.addEventListener('pagehide', function () {
    if (source) source.close();
    source = null;
  });
  window.addEventListener('pageshow', function (e) {
    if (e.persisted && !source) connect();
  });

  connect();
})();
