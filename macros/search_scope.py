"""Language-scoped search: a wrapper around Material's search worker per language.

Material writes one index for both languages. Each wrapper filters the index inside the
worker before lunr builds it, so /en/ pages find English pages only and / pages Chinese.
"""

from __future__ import annotations

import json
from pathlib import Path

WRAPPER = """// Material's search worker, limited to {lang} pages (generated at build time).
(function () {{
  var LANGUAGE = {lang_json};
  var ENGLISH = /^en\\//;
  function keep(doc) {{ return LANGUAGE === "en" ? ENGLISH.test(doc.location) : !ENGLISH.test(doc.location); }}
  var add = self.addEventListener.bind(self);
  self.addEventListener = function (type, listener, options) {{
    if (type !== "message") return add(type, listener, options);
    return add(type, function (event) {{
      var message = event.data;
      if (message && message.type === 0 && message.data && message.data.docs) {{
        var index = message.data;
        var config = Object.assign({{}}, index.config, {{ lang: {pipeline_json} }});
        message = {{ type: 0, data: Object.assign({{}}, index, {{ config: config, docs: index.docs.filter(keep) }}) }};
        return listener.call(self, {{ data: message }});
      }}
      return listener.call(self, event);
    }}, options);
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
    import re

    cjk = re.compile(r"[\u3400-\u9fff]")
    words: set[str] = set()

    def add(text: str) -> None:
        for part in re.split(r"[\s/、，,（）()：:；;。·\-]+", text):
            if cjk.search(part) and 2 <= len(part) <= 12:
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
