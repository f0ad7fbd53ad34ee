// Sortable tables: a click (or Enter) on a column header sorts by it, again reverses it.
// Tablesort (MIT, vendored in assets/vendor/tablesort/) does the work; tables opt in
// with data-sortable, headers opt out with data-sort-method="none".
(function () {
  function wire() {
    document.querySelectorAll("table[data-sortable]").forEach(function (table) {
      if (table.dataset.sortReady) return;
      table.dataset.sortReady = "true";
      new Tablesort(table);
    });
  }
  if (typeof document$ !== "undefined") { document$.subscribe(wire); } else { document.addEventListener("DOMContentLoaded", wire); }
})();
