// A table box that scrolls sideways (on a phone) must be reachable by keyboard so it can be
// scrolled without a mouse: make each one that overflows focusable and name it for screen readers.
(function () {
  function markScrollBoxes() {
    document.querySelectorAll(".gsm-table-wrap, .gsm-scroll").forEach(function (box) {
      if (box.scrollWidth > box.clientWidth + 1) {
        var heading = box.previousElementSibling;
        while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling;
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", heading ? heading.textContent.replace(/¶$/, "").trim() : document.title);
      } else if (box.getAttribute("role") === "region") {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }
  window.addEventListener("resize", markScrollBoxes);
  if (typeof document$ !== "undefined") { document$.subscribe(markScrollBoxes); } else { document.addEventListener("DOMContentLoaded", markScrollBoxes); }
})();
