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

  // The iframe's height until the page around it hears the embed's own (the script line after
  // it, data-resize): the diagram's wide layout at its natural size, plus its caption line.
  function naturalHeight(figure) {
    var svg = figure && (figure.querySelector(".gsm-layout--wide svg") || figure.querySelector("svg"));
    if (!svg || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return 480;
    var box = svg.viewBox.baseVal;
    var width = parseFloat(svg.style.maxWidth) || 480;
    return Math.ceil(box.height * width / box.width) + 56;
  }

  document.querySelectorAll("[data-gsm-embed]").forEach(function (control) {
    var figure = control.previousElementSibling;
    var code = '<iframe src="' + attribute(new URL(control.dataset.src, location.href).href) + '" title="' +
      attribute(control.dataset.title) + '" width="100%" height="' + naturalHeight(figure) +
      '" style="border:0" loading="lazy"></iframe>\n' + control.dataset.resize;
    var box = control.querySelector("textarea");
    var button = control.querySelector("[data-gsm-embed-copy]");
    box.value = code;
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
