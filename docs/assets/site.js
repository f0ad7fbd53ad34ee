// Tool index filters: show rows matching the chosen layer and kind. No framework needed.
(function () {
  function apply() {
    var layer = document.getElementById("gsm-filter-layer");
    var kind = document.getElementById("gsm-filter-kind");
    var count = document.getElementById("gsm-filter-count");
    if (!layer || !kind) return;
    var shown = 0, rows = document.querySelectorAll(".gsm-tool-index tbody tr");
    rows.forEach(function (row) {
      var ok = (!layer.value || row.dataset.layer === layer.value) && (!kind.value || row.dataset.kind === kind.value);
      row.hidden = !ok;
      if (ok) shown += 1;
    });
    if (count) count.textContent = count.dataset.label + " " + shown + " / " + rows.length;
  }
  document.addEventListener("change", function (event) {
    if (event.target && /^gsm-filter-/.test(event.target.id)) apply();
  });
  if (typeof document$ !== "undefined") { document$.subscribe(apply); } else { document.addEventListener("DOMContentLoaded", apply); }
})();
