// Filters the price-change table of /changes/ by provider, GPU and
// direction. The table is complete without this script; the filter form
// stays hidden until it runs. The choice is kept in the URL's fragment
// (#provider=aws&direction=down), so a link reproduces the view, from
// file:// too.
(function () {
  "use strict";
  var form = document.getElementById("changes-filter");
  var table = document.getElementById("changes");
  if (!form || !table) return;
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  var count = document.getElementById("changes-count");
  var fields = ["provider", "gpu", "direction"];

  function apply() {
    var want = {};
    fields.forEach(function (f) { want[f] = form.elements[f].value; });
    var shown = 0;
    rows.forEach(function (tr) {
      var keep = fields.every(function (f) { return !want[f] || tr.dataset[f] === want[f]; });
      tr.hidden = !keep;
      if (keep) shown++;
    });
    if (count) count.textContent = count.dataset.template.replace("%d", shown).replace("%d", rows.length);
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
