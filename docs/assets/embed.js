// An embed page tells the page around its iframe how tall its content is, so that page can size
// the iframe to fit it (the line of script the "Embed" control adds beside the iframe listens):
// on load, on resize, and whenever the content's size changes (another layout, a font arriving).
(function () {
  "use strict";
  if (window.parent === window || typeof ResizeObserver !== "function") return;
  var root = document.documentElement;
  var firstHeight = window.innerHeight;
  var posted = 0;

  function post() {
    posted = Math.ceil(root.getBoundingClientRect().height);
    window.parent.postMessage({ gsmEmbedHeight: posted, gsmEmbedPath: location.pathname }, "*");
  }

  window.addEventListener("load", post);
  window.addEventListener("resize", function () {
    // Once the frame has taken a height this page posted, the page around it follows: a
    // scroll bar could only take width and change the height it follows (see embed.css).
    if (window.innerHeight !== firstHeight && window.innerHeight === posted) root.classList.add("gsm-embed-sized");
    post();
  });
  new ResizeObserver(post).observe(root);
})();
