// Two things a diagram's address carries. `?tool=<id>` outlines that tool wherever a diagram on
// the page links it (the stack, a chain, a route) and the chart rows whose chain names it, so a
// "you are here" view can be sent as a link (on the site and on its /embed/ pages). And each
// "Embed" control gets its iframe code, with the full address of wherever the site is read, and
// the line of script that lets the iframe take the height its content posts (embed.js).
(function () {
  "use strict";
  var wanted = (new URLSearchParams(location.search).get("tool") || "").trim().toLowerCase();
  if (/^[a-z0-9][a-z0-9._-]*$/.test(wanted)) {
    document.querySelectorAll(".gsm-diagram svg a[href]").forEach(function (link) {
      var path = new URL(link.getAttribute("href"), location.href).pathname.toLowerCase();
      if (path.slice(-("/tools/" + wanted + "/").length) === "/tools/" + wanted + "/") link.parentNode.classList.add("gsm-here");
    });
    document.querySelectorAll("[data-tools]").forEach(function (row) {
      if (row.dataset.tools.split(" ").indexOf(wanted) !== -1) row.classList.add("gsm-here");
    });
  }

  function attribute(text) {
    return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  }

  // The height an embed page takes in a frame `width` px wide, laid out as embed.css lays it out:
  // 8 px of padding round the figure; the layout its container query picks (the wide one from its
  // gsm-wide-from-<px> step); the drawing as wide as the frame, but never narrower than where its
  // smallest text is 11 px (readable.py: it scrolls sideways under that, a scroll bar under it) nor
  // wider than its max-width; then its caption's lines. The code's iframe gets this height for the
  // width it states, so a page that strips the resize script still shows the whole diagram.
  var EMBED_PADDING = 16, CAPTION_GAP = 6, CAPTION_LINE = 13 * 1.4, SCROLL_BAR = 17, SMALLEST_TEXT = 11;
  var CHART_WIDTHS = [339, 480]; // embed.css: .gsm-embed .gsm-chart svg's min- and max-width
  var CAPTION_FONT = '13px system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif';

  function readableWidth(svg, box) {
    var sizes = Array.prototype.map.call(svg.querySelectorAll("text[font-size]"), function (t) {
      return parseFloat(t.getAttribute("font-size"));
    });
    return sizes.length ? Math.ceil(box.width * SMALLEST_TEXT / Math.min.apply(null, sizes)) : 0;
  }

  function captionLines(text, width) {
    var context = document.createElement("canvas").getContext("2d");
    context.font = CAPTION_FONT;
    return Math.max(1, Math.ceil((context.measureText(text).width + 4) / width));
  }

  function heightAt(figure, width, caption) {
    var inner = width - EMBED_PADDING;
    var wide = figure && figure.querySelector(".gsm-layout--wide");
    var step = wide && wide.className.match(/gsm-wide-from-(\d+)/);
    var layout = wide && step && inner >= +step[1] ? wide : figure && (figure.querySelector(".gsm-layout--narrow") || wide);
    var svg = layout ? layout.querySelector("svg") : figure && figure.querySelector("svg");
    if (!svg || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return 480;
    var box = svg.viewBox.baseVal;
    var chart = svg.closest(".gsm-chart");
    var least = chart ? CHART_WIDTHS[0] : readableWidth(svg, box);
    var most = chart ? CHART_WIDTHS[1] : parseFloat(svg.style.maxWidth) || inner;
    var drawn = Math.max(Math.min(inner, most), least);
    var below = (drawn > inner ? SCROLL_BAR : 0) + CAPTION_GAP + captionLines(caption, inner) * CAPTION_LINE;
    return Math.ceil(EMBED_PADDING + box.height * drawn / box.width + below) + 2;
  }

  document.querySelectorAll("[data-gsm-embed]").forEach(function (control) {
    var figure = control.previousElementSibling;
    var box = control.querySelector("textarea");
    var button = control.querySelector("[data-gsm-embed-copy]");
    var widthBox = control.querySelector("[data-gsm-embed-width]");
    var code = "";
    function write() {
      var width = Math.max(200, Math.min(2000, parseInt(widthBox.value, 10) || 728));
      code = '<iframe src="' + attribute(new URL(control.dataset.src, location.href).href) + '" title="' +
        attribute(control.dataset.title) + '" width="' + width + '" height="' + heightAt(figure, width, control.dataset.caption) +
        '" style="border:0;max-width:100%" loading="lazy"></iframe>\n' + control.dataset.resize;
      box.value = code;
    }
    widthBox.addEventListener("input", write);
    write();
    button.addEventListener("click", function () {
      box.select();
      var copied = navigator.clipboard ? navigator.clipboard.writeText(code) : Promise.reject();
      copied.catch(function () { document.execCommand("copy"); }).then(function () {
        button.textContent = button.dataset.copied;
      });
    });
    control.hidden = false;
  });
})();
