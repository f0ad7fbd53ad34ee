// Material's search worker, limited to one language's pages. The build writes one copy per
// language (search-<lang>.js), each starting with its settings in `self.GSM_SEARCH`:
// { language, prefix (its URL prefix, "" for the default language), others (the other
// languages' prefixes), pipeline (lunr languages), worker (Material's worker file) }.
// It also splits Chinese queries into the words the index holds (the index was
// segmented by jieba at build time; the browser has no jieba).
(function () {
  var SETTINGS = self.GSM_SEARCH;
  var CJK_RUN = /[\u3400-\u9fff]+/g;
  var TOOL_PAGE = /^tools\/[^/#]+\/$/;
  var words = new Set(), longest = 1, named = {}, lastQuery = "";
  function startsWith(location, prefix) { return location.slice(0, prefix.length) === prefix; }
  function keep(doc) {
    if (SETTINGS.prefix) return startsWith(doc.location, SETTINGS.prefix);
    return !SETTINGS.others.some(function (prefix) { return startsWith(doc.location, prefix); });
  }
  function local(location) { return location.slice(SETTINGS.prefix.length); }
  function learn(text) {
    (text || "").split(/[\s\u200b]+/).forEach(function (token) {
      var run = token.match(CJK_RUN);
      if (run && run[0] === token) { words.add(token); longest = Math.max(longest, token.length); }
    });
  }
  function segment(run) {
    var out = [], i = 0;
    while (i < run.length) {
      var size = Math.min(longest, run.length - i);
      while (size > 1 && !words.has(run.substr(i, size))) size -= 1;
      out.push(run.substr(i, size));
      i += size;
    }
    return out.join(" ");
  }
  var add = self.addEventListener.bind(self);
  self.addEventListener = function (type, listener, options) {
    if (type !== "message") return add(type, listener, options);
    return add(type, function (event) {
      var message = event.data;
      if (message && message.type === 0 && message.data && message.data.docs) {
        var index = message.data, docs = index.docs.filter(keep);
        docs.forEach(function (doc) {
          learn(doc.title); learn(doc.text);
          (doc.tags || []).forEach(function (tag) { learn(tag); named[tag.toLowerCase()] = doc.location.split("#")[0]; });
        });
        docs.forEach(function (doc) {
          var title = (doc.title || "").replace(/[\u200b]/g, "").replace(/^\d+\.\s*/, "").trim().toLowerCase();
          if (doc.location.indexOf("#") < 0 && title && !(title in named)) named[title] = doc.location;
        });
        var config = Object.assign({}, index.config, { lang: SETTINGS.pipeline });
        message = { type: 0, data: Object.assign({}, index, { config: config, docs: docs }) };
        return listener.call(self, { data: message });
      }
      if (message && message.type === 2 && typeof message.data === "string") {
        lastQuery = message.data.trim().toLowerCase();
        message = { type: 2, data: message.data.replace(CJK_RUN, function (run) { return " " + segment(run) + " "; }).trim() };
        return listener.call(self, { data: message });
      }
      return listener.call(self, event);
    }, options);
  };
  // Re-rank: pages matching more of the query's words first (a short page with one word
  // should not beat the page with all of them), tool pages before pages that mention the
  // tool; a query that is exactly a tool's name or alias ("TRT", "cudnn") or a page's title
  // ("执行链") puts that page on top.
  function matched(group) {
    return Math.max.apply(null, group.map(function (doc) {
      var terms = doc.terms || {};
      return Object.keys(terms).filter(function (key) { return terms[key]; }).length;
    }));
  }
  var post = self.postMessage.bind(self);
  self.postMessage = function (message) {
    if (message && message.type === 3 && message.data && message.data.items) {
      var items = message.data.items.map(function (group, order) {
        return { group: group, order: order, hits: matched(group), tool: TOOL_PAGE.test(local(group[0].location)) ? 1 : 0 };
      });
      items.sort(function (a, b) { return b.hits - a.hits || b.tool - a.tool || a.order - b.order; });
      items = items.map(function (item) { return item.group; });
      var target = named[lastQuery];
      var first = items.filter(function (group) { return target && group[0] && group[0].location.split("#")[0] === target; });
      message.data.items = first.concat(items.filter(function (group) { return first.indexOf(group) < 0; }));
    }
    return post(message);
  };
  importScripts(SETTINGS.worker);
})();
