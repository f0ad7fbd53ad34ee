// The path finder: show the chosen starting point's routes and keep the choice in the URL
// (?from=jax), so a route can be shared. Without JavaScript every route stays listed.
(function () {
  function setUp() {
    var form = document.querySelector(".gsm-finder-form");
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    var select = form.querySelector("select");
    var count = form.querySelector("output");
    var sections = document.querySelectorAll(".gsm-finder-start");
    var starts = document.querySelector(".gsm-finder-starts");
    function show(id, push) {
      var shown = null;
      sections.forEach(function (section) {
        var on = section.dataset.from === id;
        section.hidden = !on;
        if (on) shown = section;
      });
      if (!shown) return show(sections[0].dataset.from, false);
      select.value = id;
      count.textContent = shown.querySelector("h2").textContent;
      if (push) {
        var url = new URL(window.location.href);
        url.searchParams.set("from", id);
        url.hash = "";
        history.replaceState(null, "", url);
      }
    }
    form.hidden = false;
    if (starts) starts.hidden = true;
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    select.addEventListener("change", function () { show(select.value, true); });
    show(new URLSearchParams(window.location.search).get("from") || select.value, false);
  }
  if (typeof document$ !== "undefined") { document$.subscribe(setUp); } else { document.addEventListener("DOMContentLoaded", setUp); }
})();
