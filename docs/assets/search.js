// The search box (partials/gsm-search.html): Pagefind's index of this page's language, with
// the page a typed name belongs to first (search/names-<lang>.json, made from the data) and,
// for "A vs B" and the other ways of asking to compare two tools, the place that compares them
// (search/compare-<lang>.json, also made from the data), then each tool's own page.
// Results: one row per page, its kind (and a tool's layer), an excerpt, the best section.
// ?q=… in a page's address opens the box with that query, so a search can be sent as a link.
(function () {
  "use strict";
  var dialog = document.querySelector("[data-gsm-search]");
  if (!dialog) return;
  var base = new URL(dialog.dataset.base.replace(/\/?$/, "/"), location.href);
  var kinds = JSON.parse(dialog.dataset.kinds);
  var form = dialog.querySelector("form");
  var input = form.querySelector("input[name=q]");
  var list = dialog.querySelector("[data-gsm-search-results]");
  var status = dialog.querySelector("[data-gsm-search-status]");
  var none = dialog.querySelector("[data-gsm-search-none]");
  // Ranking weights, rows shown and pinned names: macros/core/views/search_terms.py (SEARCH_SETTINGS).
  var settings = JSON.parse(dialog.dataset.settings);
  var LIMIT = settings.rows;
  var PINNED = settings.pinned;
  var RANKING = settings.ranking;
  var COMPARATIVE = settings.comparative;
  var QUESTION = settings.question;
  var counts = JSON.parse(dialog.dataset.count);
  var plural = new Intl.PluralRules(dialog.dataset.lang);
  var engine = null;
  var comparisons = null;
  var attempts = 0;
  var ticket = 0;

  // Pagefind and the name index, loaded once. A failed load (offline, a 404, a blocked wasm) is
  // forgotten, so the next query loads again; the retry asks for a fresh URL because a browser
  // may keep a failed module import for the page's lifetime.
  function load() {
    if (!engine) {
      var url = new URL("pagefind/pagefind.js", base);
      if (attempts++) url.searchParams.set("retry", attempts);
      var pagefind = import(url.href).then(function (module) {
        return module.options({ baseUrl: base.pathname, highlightParam: "highlight", ranking: RANKING })
          .then(function () { return module.init(); })
          .then(function () { return module; });
      });
      // The names only pin rows: search works without them.
      var names = fetch(new URL("search/names-" + dialog.dataset.lang + ".json", base))
        .then(function (response) { return response.ok ? response.json() : {}; })
        .then(function (json) { return new Map(Object.entries(json)); }, function () { return new Map(); });
      engine = Promise.all([pagefind, names]);
      engine.catch(function () { engine = null; });
    }
    return engine;
  }

  // The comparison index, loaded on the first comparative query only; a failed load is retried.
  function loadComparisons() {
    if (!comparisons) {
      comparisons = fetch(new URL("search/compare-" + dialog.dataset.lang + ".json", base))
        .then(function (response) {
          if (!response.ok) throw new Error("search/compare: " + response.status);
          return response.json();
        })
        .then(function (json) { return new Map(Object.entries(json)); }, function () {
          comparisons = null;
          return new Map();
        });
    }
    return comparisons;
  }

  function normalize(text) {
    return text.normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  }

  function pageOf(url) {
    var parsed = new URL(url, location.href);
    return parsed.pathname;
  }

  // Pagefind's highlighter marks each value of the parameter as a phrase: one per name compared.
  function withHighlight(path, terms) {
    var url = new URL(path, base);
    [].concat(terms).forEach(function (term) { url.searchParams.append("highlight", term); });
    return url.pathname + url.search + url.hash;
  }

  // The section of a page that matched most, other than its opening (the page itself).
  function bestSection(page) {
    var sections = (page.sub_results || []).filter(function (sub) {
      return sub.url.indexOf("#") > -1 && sub.title !== page.meta.title;
    });
    sections.sort(function (a, b) { return (b.locations || []).length - (a.locations || []).length; });
    return sections[0] || null;
  }

  // A word is matched whole where it begins or ends with a letter or digit: "or" is not in "core".
  var WORDLIKE = /[0-9a-z]/i;

  function boundedAt(text, word, at) {
    var before = text.charAt(at - 1);
    var after = text.charAt(at + word.length);
    return !(before && WORDLIKE.test(before) && WORDLIKE.test(word.charAt(0))) &&
      !(after && WORDLIKE.test(after) && WORDLIKE.test(word.charAt(word.length - 1)));
  }

  function toolNamed(typed, names) {
    var entry = (names.get(normalize(typed)) || []).filter(function (e) { return e.kind === "tool"; })[0];
    return entry ? { typed: typed, entry: entry } : null;
  }

  // "[before] A <join> B [after]" (settings.comparative) where A and B both name tools: the two,
  // as typed and as the name index knows them; otherwise null.
  function comparedTools(query, names) {
    var text = normalize(query).replace(/[\s?？!！。.,，]+$/, "");
    var befores = [""].concat(COMPARATIVE.before.map(normalize));
    var afters = [""].concat(COMPARATIVE.after.map(normalize));
    for (var i = 0; i < befores.length; i++) {
      var before = befores[i];
      if (before && !(text.indexOf(before) === 0 && boundedAt(text, before, 0))) continue;
      var rest = text.slice(before.length);
      for (var j = 0; j < afters.length; j++) {
        var after = afters[j];
        var end = rest.length - after.length;
        if (after && !(end > 0 && rest.slice(end) === after && boundedAt(rest, after, end))) continue;
        var middle = rest.slice(0, end).trim();
        var joins = COMPARATIVE.joins.concat(before || after ? COMPARATIVE.ands : []).map(normalize);
        for (var k = 0; k < joins.length; k++) {
          for (var at = middle.indexOf(joins[k], 1); at > 0; at = middle.indexOf(joins[k], at + 1)) {
            if (!boundedAt(middle, joins[k], at)) continue;
            var a = toolNamed(middle.slice(0, at).trim(), names);
            var b = a && toolNamed(middle.slice(at + joins[k].length).trim(), names);
            if (b && a.entry.id !== b.entry.id) return [a, b];
          }
        }
      }
    }
    return null;
  }

  // A query typed as a question, read into the names it holds (kept whole, longest first: "cuda
  // c++", "sm_90a", "l2 缓存") and its telling words (the rest, less the stop words, with the names
  // a word is related to), and whether it asks to compare or how code reaches the GPU.
  var STOP = null;
  function stopWords() {
    if (!STOP) {
      STOP = { latin: new Set(), cjk: [] };
      QUESTION.stop.map(normalize).forEach(function (word) {
        if (/^[0-9a-z'_.+-]+$/.test(word)) STOP.latin.add(word);
        else STOP.cjk.push(word);
      });
      STOP.cjk.sort(function (a, b) { return b.length - a.length; });
    }
    return STOP;
  }

  function hasPhrase(text, phrases) {
    return phrases.map(normalize).some(function (phrase) {
      for (var at = text.indexOf(phrase); at > -1; at = text.indexOf(phrase, at + 1)) {
        if (boundedAt(text, phrase, at)) return true;
      }
      return false;
    });
  }

  // A run of Chinese characters without its stop words: those at its start and end one by one,
  // those of two characters or more anywhere (a single character may be part of a word: 调用).
  function cjkWords(run, stop) {
    var pieces = [run];
    stop.cjk.filter(function (word) { return word.length > 1; }).forEach(function (word) {
      pieces = [].concat.apply([], pieces.map(function (piece) { return piece.split(word); }));
    });
    return pieces.map(function (piece) {
      var changed = true;
      while (piece && changed) {
        changed = false;
        for (var i = 0; i < stop.cjk.length; i++) {
          var word = stop.cjk[i];
          if (piece.indexOf(word) === 0) { piece = piece.slice(word.length); changed = true; }
          else if (piece.length > word.length && piece.slice(-word.length) === word) { piece = piece.slice(0, -word.length); changed = true; }
        }
      }
      return piece;
    }).filter(Boolean);
  }

  function readQuery(query, names) {
    var stop = stopWords();
    var text = normalize(query.replace(/[?？!！。,，、;；:：()（）"“”]+/g, " ")).replace(/\.(?=\s|$)/g, "");
    var found = [];
    names.forEach(function (entries, name) {
      if (name.length < 2 || stop.latin.has(name)) return;
      for (var at = text.indexOf(name); at > -1; at = text.indexOf(name, at + 1)) {
        if (boundedAt(text, name, at)) found.push({ name: name, at: at, entries: entries });
      }
    });
    // Longest names first; a name inside a longer one found ("c++" in "cuda c++") is not another.
    found.sort(function (a, b) { return b.name.length - a.name.length || a.at - b.at; });
    var taken = [];
    var held = found.filter(function (hit) {
      var clear = taken.every(function (span) { return hit.at + hit.name.length <= span[0] || hit.at >= span[1]; });
      if (clear) taken.push([hit.at, hit.at + hit.name.length]);
      return clear;
    });
    held.sort(function (a, b) { return a.at - b.at; });
    var rest = text;
    taken.forEach(function (span) { rest = rest.slice(0, span[0]) + "\u0000".repeat(span[1] - span[0]) + rest.slice(span[1]); });
    var words = [];
    rest.split(/[\s\u0000]+/).filter(Boolean).forEach(function (word) {
      if (/^[\u3400-\u9fff]+$/.test(word)) words = words.concat(cjkWords(word, stop));
      else if (!stop.latin.has(word)) {
        // A run like "cuda代码" holds both kinds of character: each kind is a word of its own.
        (word.match(/[\u3400-\u9fff]+|[^\u3400-\u9fff]+/g) || []).forEach(function (part) {
          if (/^[\u3400-\u9fff]+$/.test(part)) words = words.concat(cjkWords(part, stop));
          else if (!stop.latin.has(part)) words.push(part);
        });
      }
    });
    var related = [];
    Object.keys(QUESTION.related).forEach(function (phrase) {
      if (!hasPhrase(text, [phrase])) return;
      QUESTION.related[phrase].forEach(function (name) {
        var key = normalize(name);
        var known = held.concat(related).some(function (hit) { return hit.name === key; });
        if (names.has(key) && !known) related.push({ name: key, at: Infinity, entries: names.get(key), related: true });
      });
    });
    // The words in the order they were typed, names among them: Pagefind reads the last as a prefix.
    var at = 0;
    var typed = held.map(function (hit) { return { word: hit.name, at: hit.at }; }).concat(words.map(function (word) {
      var where = rest.indexOf(word, at);
      at = where > -1 ? where + word.length : at;
      return { word: word, at: where };
    }));
    typed.sort(function (a, b) { return a.at - b.at; });
    var generic = QUESTION.generic.map(normalize);
    return {
      names: held.concat(related),
      telling: held.concat(related).filter(function (hit) { return generic.indexOf(hit.name) < 0; }),
      words: words,
      typed: typed.map(function (one) { return one.word; }),
      unnamed: words.filter(function (word) { return !hasPhrase(word, Object.keys(QUESTION.related)); }),
      compare: hasPhrase(text, QUESTION.compare),
      route: hasPhrase(text, QUESTION.route),
      how: hasPhrase(text, QUESTION.how)
    };
  }

  // The two tools a question names when it asks to compare them ("cuBLAS CUTLASS difference").
  function questionPair(reading) {
    if (!reading.compare) return null;
    var tools = [];
    reading.names.forEach(function (hit) {
      var entry = hit.entries.filter(function (e) { return e.kind === "tool"; })[0];
      if (entry && !hit.related && !tools.some(function (t) { return t.entry.id === entry.id; })) {
        tools.push({ typed: hit.name, entry: entry });
      }
    });
    return tools.length === 2 ? tools : null;
  }

  // The pages a question's names lead to: the path finder's page of the starting point it names
  // when it asks how code reaches the GPU, then each name's own page (telling names first).
  function pinnedByQuestion(reading) {
    var rows = [];
    var hits = reading.telling.length ? reading.telling : reading.names;
    if (reading.route) {
      reading.names.forEach(function (hit) {
        hit.entries.forEach(function (entry) {
          if (entry.kind === "page" && entry.path.indexOf("paths/") > -1 && rows.length < 1) rows.push(nameRow(entry, hit.name));
        });
      });
    }
    hits.forEach(function (hit) { rows.push(nameRow(hit.entries[0], hit.name)); });
    return rows.slice(0, PINNED);
  }

  function nameRow(entry, highlight) {
    return { url: withHighlight(entry.path, highlight), title: entry.title, kind: entry.kind, layer: entry.layer || "", excerpt: "", section: null };
  }

  // The pages a typed name belongs to (search/names-<lang>.json).
  function pinnedByName(query, names) {
    return (names.get(normalize(query)) || []).slice(0, PINNED).map(function (entry) { return nameRow(entry, query); });
  }

  // For two tools: the place that compares them best, each tool's own page, the other places.
  function pinnedByComparison(pair, places) {
    var highlight = [pair[0].typed, pair[1].typed];
    var marks = [pair[0].typed, pair[1].typed, pair[0].entry.title, pair[1].entry.title];
    var label = kinds.compare.replace("{a}", pair[0].entry.title).replace("{b}", pair[1].entry.title);
    var rows = places.map(function (place) {
      return { url: withHighlight(place.path, highlight), title: place.title, kind: "compare", label: label, layer: place.where, excerpt: "", text: place.excerpt, marks: marks, section: null };
    });
    return rows.slice(0, 1).concat([nameRow(pair[0].entry, highlight), nameRow(pair[1].entry, highlight)], rows.slice(1));
  }

  function pairKey(pair) {
    return [pair[0].entry.id, pair[1].entry.id].sort().join(" ");
  }

  function rowsFor(pinned, pages) {
    var rows = [];
    var byPage = {};
    pinned.forEach(function (row) {
      if (byPage[pageOf(row.url)]) return; // one row per page: the first place that page holds
      byPage[pageOf(row.url)] = row;
      rows.push(row);
    });
    pages.forEach(function (page) {
      var known = byPage[pageOf(page.url)];
      var section = bestSection(page);
      if (known) {
        if (!known.text) known.excerpt = known.excerpt || page.excerpt;
        return;
      }
      var row = {
        url: page.url, title: page.meta.title, kind: page.meta.kind || "page", layer: page.meta.layer || "",
        excerpt: (section || page).excerpt, section: section
      };
      byPage[pageOf(page.url)] = row;
      rows.push(row);
    });
    return rows.slice(0, LIMIT);
  }

  // Pagefind's excerpts are text with <mark> around the matches: keep exactly that, as nodes.
  function appendMarked(target, html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    template.content.childNodes.forEach(function (node) {
      if (node.nodeName === "MARK") {
        var mark = document.createElement("mark");
        mark.textContent = node.textContent;
        target.append(mark);
      } else {
        target.append(node.textContent);
      }
    });
  }

  // A comparing place's excerpt is plain text from the data: mark the names asked about in it.
  function appendText(target, text, words) {
    var wanted = words.filter(Boolean).map(function (word) {
      var escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return (WORDLIKE.test(word.charAt(0)) ? "(?<![0-9a-z])" : "") + escaped + (WORDLIKE.test(word.charAt(word.length - 1)) ? "(?![0-9a-z])" : "");
    });
    wanted.sort(function (a, b) { return b.length - a.length; });
    text.split(new RegExp("(" + wanted.join("|") + ")", "i")).forEach(function (part, index) {
      if (index % 2) {
        var mark = document.createElement("mark");
        mark.textContent = part;
        target.append(mark);
      } else if (part) {
        target.append(part);
      }
    });
  }

  function countText(n) {
    return (counts[plural.select(n)] || counts.other).replace("{n}", n);
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  // Edit distance, cut off once it passes `most` (the names are many, the query short).
  function distance(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    var row = [];
    for (var j = 0; j <= b.length; j++) row.push(j);
    for (var i = 1; i <= a.length; i++) {
      var previous = row[0];
      row[0] = i;
      var least = i;
      for (j = 1; j <= b.length; j++) {
        var kept = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1));
        previous = kept;
        least = Math.min(least, row[j]);
      }
      if (least > most) return most + 1;
    }
    return row[b.length];
  }

  // For a query that found nothing: the names nearest to it and to each of its words ("tensort"
  // → TensorRT, "cutlas kernel" → CUTLASS), each with the page it names, tools first.
  function nearestNames(query, names, reading) {
    var typed = [normalize(query)].concat(reading ? reading.words : []).filter(function (word) { return word.length > 2; });
    var near = [];
    names.forEach(function (entries, name) {
      typed.forEach(function (word) {
        var most = Math.max(1, Math.floor(word.length / 4));
        var d = name.indexOf(word) === 0 && word.length > 3 ? 0.5 : distance(word, name, most);
        if (d <= most) near.push({ d: d, entry: entries[0] });
      });
    });
    near.sort(function (a, b) { return a.d - b.d || KIND_RANK.indexOf(a.entry.kind) - KIND_RANK.indexOf(b.entry.kind); });
    var seen = {};
    return near.filter(function (one) {
      if (seen[one.entry.path]) return false;
      seen[one.entry.path] = true;
      return true;
    }).slice(0, 5).map(function (one) { return one.entry; });
  }
  var KIND_RANK = ["tool", "layer", "chain", "page", "glossary"];

  function renderSuggestions(entries) {
    var box = dialog.querySelector("[data-gsm-search-suggest]");
    if (!box) return;
    if (!box.dataset.label) box.dataset.label = box.textContent.trim();
    box.textContent = box.dataset.label + " ";
    entries.forEach(function (entry, index) {
      if (index) box.append(" · ");
      var link = element("a", "gsm-search__suggestion", entry.title);
      link.href = new URL(entry.path, base).pathname + new URL(entry.path, base).hash;
      box.append(link);
    });
    box.hidden = !entries.length;
  }

  function render(query, rows, suggestions) {
    list.textContent = "";
    status.classList.remove("gsm-search__status--error");
    rows.forEach(function (row) {
      var item = element("li", "gsm-result gsm-result--" + row.kind);
      var link = element("a", "gsm-result__link");
      link.href = row.url;
      link.append(element("span", "gsm-result__title", row.title));
      link.append(element("span", "gsm-result__kind gsm-result__kind--" + row.kind, (row.label || kinds[row.kind]) + (row.layer ? " · " + row.layer : "")));
      if (row.text || row.excerpt) {
        var excerpt = element("span", "gsm-result__excerpt");
        if (row.text) appendText(excerpt, row.text, row.marks);
        else appendMarked(excerpt, row.excerpt);
        link.append(excerpt);
      }
      item.append(link);
      if (row.section && row.section.title && row.section.title !== row.title) {
        var section = element("a", "gsm-result__section", "§ " + row.section.title);
        section.href = row.section.url;
        item.append(section);
      }
      list.append(item);
    });
    none.hidden = !(query && rows.length === 0);
    renderSuggestions(query && rows.length === 0 ? suggestions || [] : []);
    dialog.querySelector("[data-gsm-search-none-query]").textContent = query;
    status.textContent = query && rows.length ? countText(rows.length) : "";
    list.dataset.query = query;
    list.dataset.state = "done";
  }

  function fail() {
    list.textContent = "";
    none.hidden = true;
    status.textContent = dialog.dataset.error;
    status.classList.add("gsm-search__status--error");
    list.dataset.state = "error";
  }

  // On the Chinese site Pagefind segments the query as Chinese, so a Latin word that is nowhere on
  // the site still matches pages by its pieces ("xyzzy" found 42 pages, none containing it). Keep
  // only pages whose text holds every Latin word of the query (as typed so far: a prefix is enough).
  function containsLatinWords(query) {
    var words = query.toLowerCase().match(/[a-z0-9_][a-z0-9_.+#-]*/g) || [];
    return function (page) {
      var meta = page.meta || {};
      var text = [page.content, meta.title, meta.names].join(" ").toLowerCase();
      return words.every(function (word) { return text.indexOf(word) !== -1; });
    };
  }

  function found(engine, words) {
    var text = words.join(" ");
    return engine.search(text).then(function (result) {
      return Promise.all(result.results.slice(0, LIMIT * 2).map(function (one) { return one.data(); }));
    }).then(function (pages) { return pages.filter(containsLatinWords(text)); });
  }

  // Pagefind wants every word on a page: when nothing holds them all, fall back to the names the
  // query holds, then to each telling word alone (the longest, most telling, first).
  function fullText(engine, words, reading) {
    return found(engine, words).then(function (pages) {
      if (pages.length) return pages;
      var named = reading.names.map(function (hit) { return hit.name; });
      var tries = [];
      if (named.length && named.length < words.length) tries.push(named);
      words.slice().sort(function (a, b) { return b.length - a.length; }).forEach(function (word) { tries.push([word]); });
      var merged = [];
      return tries.reduce(function (chain, one) {
        return chain.then(function () {
          if (merged.length >= LIMIT) return;
          return found(engine, one).then(function (more) {
            more.forEach(function (page) {
              if (!merged.some(function (p) { return p.url === page.url; })) merged.push(page);
            });
          });
        });
      }, Promise.resolve()).then(function () { return merged; });
    });
  }

  function run() {
    clearTimeout(pending);
    var query = input.value.trim();
    var mine = ++ticket;
    list.dataset.state = "searching";
    if (!query) return render("", []);
    load().then(function (loaded) {
      var names = loaded[1];
      var exact = names.has(normalize(query));
      var reading = readQuery(query, names);
      var pair = comparedTools(query, names) || (exact ? null : questionPair(reading));
      // Asked to compare two tools, the full text is searched for the two names, not the phrasing;
      // a name is searched for whole, a question for its telling words only.
      var words = pair ? [pair[0].typed, pair[1].typed] : exact ? [query] : reading.typed;
      if (!words.length) words = reading.names.map(function (hit) { return hit.name; });
      if (!words.length) words = [query];
      var pages = fullText(loaded[0], words, reading);
      return Promise.all([pages, pair ? loadComparisons() : null]).then(function (done) {
        var pinned;
        if (pair) pinned = pinnedByComparison(pair, done[1].get(pairKey(pair)) || []);
        else if (exact) pinned = pinnedByName(query, names);
        else {
          pinned = pinnedByQuestion(reading);
          // A question with words beyond its names: the page the full text ranks first for all of
          // them answers it best, before the pages of the names it holds; asked how, the first chain.
          if (reading.unnamed.length && done[0].length && !reading.route) {
            var chain = reading.how ? done[0].slice(0, 5).filter(function (page) { return page.meta.kind === "chain"; })[0] : null;
            pinned = rowsFor([], [chain || done[0][0]]).concat(pinned);
          }
        }
        var shown = rowsFor(pinned, done[0]);
        if (mine === ticket) render(query, shown, shown.length ? [] : nearestNames(query, names, reading));
      });
    }).catch(function (error) {
      if (mine === ticket) fail();
      console.error(error);
    });
  }

  // The address says what is searched for while the box is open (?q=…), so it can be sent on.
  function keepInAddress(query) {
    var url = new URL(location.href);
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    if (url.href !== location.href) history.replaceState(history.state, "", url);
  }

  function open(query) {
    if (!dialog.open) dialog.showModal();
    if (typeof query === "string") {
      input.value = query;
      run();
    }
    input.focus();
    input.select();
    load().catch(function () {}); // warm up; a failure is reported by the search that needs it
  }

  var pending = null;
  input.addEventListener("input", function () {
    clearTimeout(pending);
    list.dataset.state = "searching";
    keepInAddress(input.value.trim());
    pending = setTimeout(run, 80); // one search per pause in typing, not per keystroke
  });
  // Enter searches now and keeps the box open (a plain form submit would leave the page).
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    run();
  });
  document.querySelectorAll("[data-gsm-search-open]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { open(); });
  });
  dialog.addEventListener("close", function () { keepInAddress(""); });
  dialog.querySelector("[data-gsm-search-close]").addEventListener("click", function () { dialog.close(); });
  dialog.addEventListener("click", function (event) { if (event.target === dialog) dialog.close(); });

  // Keyboard: / or s opens search (as in Material); arrows move through the results.
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    if (!dialog.open && !typing && !event.ctrlKey && !event.metaKey && !event.altKey && (event.key === "/" || event.key === "s")) {
      event.preventDefault();
      open();
      return;
    }
    if (!dialog.open || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    var at = links.indexOf(document.activeElement);
    var next = event.key === "ArrowDown" ? at + 1 : at - 1;
    event.preventDefault();
    if (next < 0) input.focus();
    else if (next < links.length) links[next].focus();
  });

  var shared = new URLSearchParams(location.search).get("q");
  if (shared && shared.trim()) open(shared.trim());

  // Arriving from a result: mark the words searched for on the page.
  if (new URLSearchParams(location.search).has("highlight")) {
    import(new URL("pagefind/pagefind-highlight.js", base).href).then(function (module) {
      new module.default({ highlightParam: "highlight", addStyles: false, markOptions: { className: "gsm-highlight" } });
    });
  }
})();
