// The path finder's `?from=` links (/paths/?from=jax, as the site's old addresses and hand-typed
// links write them): open that starting point's page; ids and names match whatever their case.
// An unknown start is said so, with the starts whose routes pass through it (?from=cublas) or
// the nearest by spelling. Every start is a plain link on the page, so nothing needs this script.
(function () {
  "use strict";
  var island = document.querySelector(".gsm-finder-lookup");
  var notice = document.querySelector(".gsm-finder-notice");
  var wanted = (new URLSearchParams(location.search).get("from") || "").trim();
  if (!island || !notice || !wanted) return;
  var lookup = JSON.parse(island.textContent);
  var key = wanted.normalize("NFKC").toLowerCase();
  var byId = {};
  lookup.starts.forEach(function (start) { byId[start.id] = start; });

  var found = lookup.starts.filter(function (start) { return start.names.indexOf(key) !== -1; })[0];
  if (found) {
    location.replace(new URL(found.href, location.href).href + location.hash.replace(/^#from-.*/, ""));
    return;
  }

  // Edit distance (Levenshtein), for "the nearest by spelling".
  function distance(a, b) {
    var row = [];
    for (var j = 0; j <= b.length; j++) row.push(j);
    for (var i = 1; i <= a.length; i++) {
      var diagonal = row[0];
      row[0] = i;
      for (j = 1; j <= b.length; j++) {
        var above = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length];
  }

  function closeness(start) {
    return Math.min.apply(null, start.names.map(function (name) { return distance(key, name); }));
  }

  var own = Object.prototype.hasOwnProperty;
  var through = own.call(lookup.through, key) ? lookup.through[key] : null;
  var offered = through
    ? through.map(function (id) { return byId[id]; })
    : lookup.starts.slice().sort(function (a, b) { return closeness(a) - closeness(b); }).slice(0, 3);
  var lead = through ? notice.dataset.through.replace("{tool}", lookup.names[key]) : notice.dataset.nearest;

  var gap = /^zh/.test(document.documentElement.lang) ? "" : " "; // Chinese sets no space after 。or ：
  notice.textContent = notice.dataset.unknown.replace("{name}", wanted) + gap + lead + gap;
  offered.forEach(function (start, index) {
    var link = document.createElement("a");
    link.href = start.href;
    link.textContent = start.name;
    if (index) notice.append(", ");
    notice.append(link);
  });
  notice.hidden = false;
})();
