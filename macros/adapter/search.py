"""Language-scoped search: a wrapper around Material's search worker per language.

Material writes one index for both languages. Each wrapper filters the index inside the
worker before lunr builds it, so /en/ pages find English pages only and / pages Chinese.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .textutil import HAN

WRAPPER = """// Material's search worker, limited to {lang} pages (generated at build time).
// It also splits Chinese queries into the words the index holds (the index was
// segmented by jieba at build time; the browser has no jieba).
(function () {{
  var LANGUAGE = {lang_json};
  var ENGLISH = /^en\\//;
  var CJK_RUN = /[\\u3400-\\u9fff]+/g;
  var TOOL_PAGE = /^(en\\/)?tools\\/[^/#]+\\/$/;
  var words = new Set(), longest = 1, named = {{}}, lastQuery = "";
  function keep(doc) {{ return LANGUAGE === "en" ? ENGLISH.test(doc.location) : !ENGLISH.test(doc.location); }}
  function learn(text) {{
    (text || "").split(/[\\s\\u200b]+/).forEach(function (token) {{
      var run = token.match(CJK_RUN);
      if (run && run[0] === token) {{ words.add(token); longest = Math.max(longest, token.length); }}
    }});
  }}
  function segment(run) {{
    var out = [], i = 0;
    while (i < run.length) {{
      var size = Math.min(longest, run.length - i);
      while (size > 1 && !words.has(run.substr(i, size))) size -= 1;
      out.push(run.substr(i, size));
      i += size;
    }}
    return out.join(" ");
  }}
  var add = self.addEventListener.bind(self);
  self.addEventListener = function (type, listener, options) {{
    if (type !== "message") return add(type, listener, options);
    return add(type, function (event) {{
      var message = event.data;
      if (message && message.type === 0 && message.data && message.data.docs) {{
        var index = message.data, docs = index.docs.filter(keep);
        docs.forEach(function (doc) {{
          learn(doc.title); learn(doc.text);
          (doc.tags || []).forEach(function (tag) {{ learn(tag); named[tag.toLowerCase()] = doc.location.split("#")[0]; }});
        }});
        docs.forEach(function (doc) {{
          var title = (doc.title || "").replace(/[\\u200b]/g, "").replace(/^\\d+\\.\\s*/, "").trim().toLowerCase();
          if (doc.location.indexOf("#") < 0 && title && !(title in named)) named[title] = doc.location;
        }});
        var config = Object.assign({{}}, index.config, {{ lang: {pipeline_json} }});
        message = {{ type: 0, data: Object.assign({{}}, index, {{ config: config, docs: docs }}) }};
        return listener.call(self, {{ data: message }});
      }}
      if (message && message.type === 2 && typeof message.data === "string") {{
        lastQuery = message.data.trim().toLowerCase();
        message = {{ type: 2, data: message.data.replace(CJK_RUN, function (run) {{ return " " + segment(run) + " "; }}).trim() }};
        return listener.call(self, {{ data: message }});
      }}
      return listener.call(self, event);
    }}, options);
  }};
  // Re-rank: pages matching more of the query's words first (a short page with one word
  // should not beat the page with all of them), tool pages before pages that mention the
  // tool; a query that is exactly a tool's name or alias ("TRT", "cudnn") or a page's title
  // ("执行链") puts that page on top.
  function matched(group) {{
    return Math.max.apply(null, group.map(function (doc) {{
      var terms = doc.terms || {{}};
      return Object.keys(terms).filter(function (key) {{ return terms[key]; }}).length;
    }}));
  }}
  var post = self.postMessage.bind(self);
  self.postMessage = function (message) {{
    if (message && message.type === 3 && message.data && message.data.items) {{
      var items = message.data.items.map(function (group, order) {{
        return {{ group: group, order: order, hits: matched(group), tool: TOOL_PAGE.test(group[0].location) ? 1 : 0 }};
      }});
      items.sort(function (a, b) {{ return b.hits - a.hits || b.tool - a.tool || a.order - b.order; }});
      items = items.map(function (item) {{ return item.group; }});
      var target = named[lastQuery];
      var first = items.filter(function (group) {{ return target && group[0] && group[0].location.split("#")[0] === target; }});
      message.data.items = first.concat(items.filter(function (group) {{ return first.indexOf(group) < 0; }}));
    }}
    return post(message);
  }};
  importScripts({worker_json});
}})();
"""

# lunr pipelines: Chinese pages also hold English names, so they keep the English stemmer too.
PIPELINES = {"zh": ["zh", "en"], "en": ["en"]}


def write_wrappers(site_dir: Path) -> list[Path]:
    """Write search-<lang>.js next to Material's worker; returns the files written."""
    workers = Path(site_dir) / "assets" / "javascripts" / "workers"
    originals = sorted(workers.glob("search.*.min.js"))
    if not originals:
        return []
    written = []
    for lang, pipeline in PIPELINES.items():
        path = workers / f"search-{lang}.js"
        path.write_text(
            WRAPPER.format(
                lang=lang,
                lang_json=json.dumps(lang),
                pipeline_json=json.dumps(pipeline),
                worker_json=json.dumps(originals[0].name),
            ),
            encoding="utf-8",
        )
        written.append(path)
    return written


def user_dictionary(model) -> list[str]:
    """Chinese words jieba must keep whole: names, terms, layer names (from the data)."""
    words: set[str] = set()

    def add(text: str) -> None:
        for part in re.split(r"[\s/、，,（）()：:；;。·\-]+", text):
            if HAN.search(part) and 2 <= len(part) <= 12:
                words.add(part)

    for tool in model.tools.values():
        add(tool.name.zh)
        for alias in tool.aliases:
            add(alias)
    for term in model.glossary.values():
        add(term.term.zh)
    for translation in model.terms:
        add(translation.zh)
    for layer in model.layers.values():
        add(layer.name.zh)
    for kind in model.kinds.values():
        add(kind.name.zh)
    return sorted(words)
