// Filters the price changes of /changes/ by provider, GPU, pricing model
// and direction, across every month. Each page of /changes/ (the latest
// months, or one month) is complete without this script, and its filter
// form stays hidden until it runs. The first filter chosen loads the
// changes of the other months from their scripts (changes/<month>/
// changes.js, listed by the month navigation: <script src>, as file://
// allows no fetch), and their matching rows join the table under a
// heading per month that links to the month's page. The choice is kept in
// the URL's fragment (#provider=aws&direction=down), so a link reproduces
// the view, from file:// too.
(function () {
  "use strict";
  var form = document.getElementById("changes-filter");
  var table = document.getElementById("changes");
  if (!form || !table) return;
  var count = document.getElementById("changes-count");
  var fields = ["provider", "gpu", "model", "direction"];
  var root = table.getAttribute("data-root") || "";
  var width = table.tHead.rows[0].cells.length;
  var pageRows = Array.prototype.slice.call(table.tBodies[0].rows);

  // The other months: those whose changes are not on this page, newest
  // first. Each gets its rows (from its script) and a tbody once loaded.
  var months = [];
  Array.prototype.forEach.call(document.querySelectorAll("a[data-month][data-script]"), function (a) {
    if (a.hasAttribute("data-here")) return;
    months.push({ key: a.getAttribute("data-month"), label: a.textContent, url: a.getAttribute("href"), script: a.getAttribute("data-script"), state: "", rows: null, body: null, trs: [] });
  });
  var store = (window.gpucompareChanges = window.gpucompareChanges || {});

  function text(key, a, b) {
    return count.getAttribute("data-" + key).replace("%d", a).replace("%d", b);
  }

  // load adds the scripts of the months not yet loaded; apply runs again
  // as each arrives.
  function load() {
    months.forEach(function (m) {
      if (m.state) return;
      m.state = "loading";
      var s = document.createElement("script");
      s.src = m.script;
      s.onload = function () {
        m.rows = store[m.key] || [];
        m.state = "done";
        apply();
      };
      s.onerror = function () {
        m.state = "failed";
        apply();
      };
      document.head.appendChild(s);
    });
  }

  // A relative link of a month's row is from the site's root folder.
  var absolute = /^([a-z][a-z0-9+.-]*:|#|\/)/i;

  // rowOf makes the table row of entry i of month m, once.
  function rowOf(m, i) {
    if (m.trs[i]) return m.trs[i];
    var t = document.createElement("template");
    t.innerHTML = m.rows[i][4];
    var tr = t.content.querySelector("tr");
    Array.prototype.forEach.call(tr.querySelectorAll("a[href]"), function (a) {
      var h = a.getAttribute("href");
      if (!absolute.test(h)) a.setAttribute("href", root + h);
    });
    m.trs[i] = tr;
    return tr;
  }

  // bodyOf is the tbody of month m, with its heading row, once; the
  // months' tbodies follow the page's own in the order of the navigation.
  function bodyOf(m) {
    if (m.body) return m.body;
    var body = document.createElement("tbody");
    body.className = "other-month";
    body.setAttribute("data-month", m.key);
    var head = body.insertRow();
    head.className = "month-head";
    var th = document.createElement("th");
    th.scope = "rowgroup";
    th.colSpan = width;
    var a = document.createElement("a");
    a.href = m.url;
    a.textContent = m.label;
    th.appendChild(a);
    head.appendChild(th);
    var after = null;
    for (var j = months.indexOf(m) + 1; j < months.length && !after; j++) after = months[j].body;
    table.insertBefore(body, after);
    m.body = body;
    return body;
  }

  function apply() {
    var want = {};
    var any = false;
    fields.forEach(function (f) {
      want[f] = form.elements[f].value;
      if (want[f]) any = true;
    });
    function keep(vals) {
      return fields.every(function (f, k) { return !want[f] || vals[k] === want[f]; });
    }
    var shown = 0, total = pageRows.length;
    pageRows.forEach(function (tr) {
      var ok = keep([tr.dataset.provider, tr.dataset.gpu, tr.dataset.model, tr.dataset.direction]);
      tr.hidden = !ok;
      if (ok) shown++;
    });
    if (any) load();
    var waiting = false, failed = false, recount = false;
    months.forEach(function (m) {
      if (m.state === "loading") waiting = true;
      if (m.state === "failed") failed = true;
      if (m.state !== "done") return;
      total += m.rows.length;
      var n = 0, made = false;
      m.rows.forEach(function (r, i) {
        var ok = any && keep(r);
        if (ok) {
          n++;
          if (!m.trs[i]) made = true;
          rowOf(m, i);
        }
        if (m.trs[i]) m.trs[i].hidden = !ok;
      });
      if (made) {
        // New rows join in the month's order, and their ages are
        // counted to the reader's day (static/age.js).
        var body = bodyOf(m);
        m.trs.forEach(function (tr) { if (tr) body.appendChild(tr); });
        recount = true;
      }
      shown += any ? n : 0;
      if (m.body) m.body.hidden = n === 0;
    });
    if (recount && window.gpucompareRecount) window.gpucompareRecount();
    if (!any) count.textContent = text("page", pageRows.length);
    else if (waiting) count.textContent = text("loading");
    else if (failed) count.textContent = text("failed");
    else count.textContent = text("all", shown, total);
    var q = new URLSearchParams();
    fields.forEach(function (f) { if (want[f]) q.set(f, want[f]); });
    var s = q.toString();
    history.replaceState(null, "", s ? "#" + s : location.pathname + location.search);
  }

  var params = new URLSearchParams(location.hash.slice(1));
  fields.forEach(function (f) {
    var v = params.get(f);
    if (v !== null && Array.prototype.some.call(form.elements[f].options, function (o) { return o.value === v; })) {
      form.elements[f].value = v;
    }
  });
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.hidden = false;
  apply();
})();
