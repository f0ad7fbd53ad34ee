"""Interface words the renderers print around data, in every language the site has.

Words are data, keyed by language code like the bilingual fields in data/. The words of the
evidence (the Measured, Method and Toolkits pages, excerpts) are in data/interface.yaml instead,
under the translation lock; `Page.ui` reads there first.
"""

from __future__ import annotations

from . import reads

UI: dict[str, dict[str, str]] = {
    "search": {"zh": "搜索", "en": "Search"},
    "search_shortcut": {"zh": "搜索（快捷键 / 或 s）", "en": "Search (shortcut: / or s)"},
    "search_placeholder": {"zh": "搜索工具、术语、执行链…", "en": "Search tools, terms, chains…"},
    "search_close": {"zh": "关闭搜索", "en": "Close search"},
    "search_none": {"zh": "没有找到与此相关的页面：", "en": "Nothing on this site matches"},
    "search_none_try": {"zh": "可以换个说法，或者看看", "en": "Try other words, or browse the"},
    "search_glossary": {"zh": "术语表", "en": "glossary"},
    "search_tool_index": {"zh": "工具索引", "en": "tool index"},
    "search_path_finder": {"zh": "从这里到 GPU 的路径", "en": "path finder"},
    "search_compare": {"zh": "对比", "en": "comparisons"},
    # Above the names nearest to a query that found nothing ("tensort" → TensorRT).
    "search_suggest": {"zh": "是不是要找：", "en": "Did you mean:"},
    # The number of result pages, one word per plural category (Intl.PluralRules: Chinese has
    # only "other"; English "one" and "other").
    "search_count_one": {"zh": "{n} 个页面", "en": "{n} page"},
    "search_count_other": {"zh": "{n} 个页面", "en": "{n} pages"},
    # What a result that compares the two tools a query names ("PTX vs SASS") is labelled with:
    # {a} and {b} are the two tools' names.
    "kind_compare": {"zh": "{a} 和 {b} 的区别", "en": "{a} vs {b}"},
    # A table row in that result's excerpt: each column's name and cell, one after the other.
    "compare_cell": {"zh": "{column}：{cell}", "en": "{column}: {cell}"},
    "compare_next_cell": {"zh": "；", "en": "; "},
    "search_error": {
        "zh": "搜索没能加载（也许网络断了）。再搜一次时会重新加载。",
        "en": "Search could not be loaded (perhaps you are offline). It will try again on your next search.",
    },
    "kind_tool": {"zh": "工具", "en": "Tool"},
    "kind_layer": {"zh": "层级", "en": "Layer"},
    "kind_chain": {"zh": "执行链", "en": "Chain"},
    "kind_glossary": {"zh": "术语", "en": "Glossary"},
    "kind_page": {"zh": "页面", "en": "Page"},
    "layer": {"zh": "层级", "en": "Layer"},
    "kind": {"zh": "类别", "en": "Kind"},
    "summary": {"zh": "一句话", "en": "In one line"},
    "what": {"zh": "它是什么", "en": "What it is"},
    "input": {"zh": "输入", "en": "Input"},
    "output": {"zh": "输出", "en": "Output"},
    "reaches_gpu": {"zh": "怎么落到 GPU 上", "en": "How it reaches the GPU"},
    "prebuilt_kernels": {"zh": "机器码", "en": "Machine code"},
    "suits": {"zh": "适合", "en": "Good for"},
    "avoid": {"zh": "不适合", "en": "Not the right tool for"},
    "placement": {"zh": "为什么放在这一层", "en": "Why it sits in this layer"},
    "relations": {"zh": "和其他工具的关系", "en": "Related tools"},
    "docs": {"zh": "文档", "en": "Documentation"},
    # Beside a documentation link that is not the vendor's or the project's own.
    "publisher_community": {"zh": "社区", "en": "community"},
    "publisher_personal": {"zh": "个人作品", "en": "personal work"},
    "chains": {"zh": "经过它的执行链", "en": "Execution chains through it"},
    "tables": {"zh": "出现在这些对比表中", "en": "Appears in these tables"},
    "aliases": {"zh": "别名", "en": "Also known as"},
    "here": {"zh": "它在栈中的位置", "en": "Where it sits in the stack"},
    # What the stack on a tool's page outlines; {name}: its own box (named), or the box it is part of or its layer (linked).
    "here_tool": {"zh": "图中框出的是它自己的方框：{name}。", "en": "The outlined box is {name} itself."},
    "here_parent": {
        "zh": "它在图中没有自己的方框；图中框出的是它所属的 {name}。",
        "en": "It has no box of its own; the outlined box is {name}, which it is part of.",
    },
    "here_layer": {
        "zh": "它在图中没有自己的方框；它属于“{name}”这一层，图中框出的是这一层。",
        "en": "It has no box of its own; it sits in the {name} layer, which is outlined.",
    },
    "deep_dive": {"zh": "深入解读", "en": "In depth"},
    # /llms.txt: what the site is and how it is laid out, and its sections per language.
    "llms_about": {
        "zh": "中文页面在 /，英文页面在 /en/，其下路径相同；全部数据导出在 /data/stack.json。",
        "en": "English pages are under /en/, Chinese ones at /, with the same paths below; all the data is exported at /data/stack.json.",
    },
    "llms_guides": {"zh": "指南（中文）", "en": "Guides (English)"},
    "llms_layers": {"zh": "层级（中文）", "en": "Layers (English)"},
    "llms_tools": {"zh": "工具（中文）", "en": "Tools (English)"},
    "llms_chains": {"zh": "执行链（中文）", "en": "Execution chains (English)"},
    "off_stack": {
        "zh": "不在七层栈内（跨层平台、产物或外部硬件）",
        "en": "Outside the seven layers (a cross-layer platform, an artifact or other hardware)",
    },
    "tools_in_layer": {"zh": "这一层的工具", "en": "Tools in this layer"},
    "takes": {"zh": "接收", "en": "Takes in"},
    "gives": {"zh": "交出", "en": "Hands down"},
    "steps": {"zh": "步骤", "en": "Steps"},
    "all_chains": {"zh": "全部执行链", "en": "All execution chains"},
    "step_count": {"zh": "共 {count} 步", "en": "{count} steps"},
    # Which source document a tool record comes from.
    "source": {"zh": "来源文档", "en": "Source document"},
    "source_map": {
        "zh": "中文原稿《CUDA/GPU 编程栈地图》（本站据以编写的栈地图文章）",
        "en": "“CUDA/GPU Programming Stack Map” (in Chinese), the article mapping the CUDA/GPU stack that this site was written from",
    },
    "source_catalog": {
        "zh": "英文目录《GPU Kernels, Compilers & Autodiff》（GPU 编译器、kernel 库和自动微分工具的一览）",
        "en": "“GPU Kernels, Compilers & Autodiff”, an English catalog of GPU compilers, kernel libraries and autodiff tools",
    },
    "source_both": {
        "zh": "中文原稿《CUDA/GPU 编程栈地图》和英文目录《GPU Kernels, Compilers & Autodiff》",
        "en": "The Chinese article “CUDA/GPU Programming Stack Map” and the English catalog “GPU Kernels, Compilers & Autodiff”",
    },
    "edit": {"zh": "在 GitHub 上编辑这条数据", "en": "Edit this record on GitHub"},
    "name": {"zh": "名称", "en": "Name"},
    "all": {"zh": "全部", "en": "All"},
    "filter_layer": {"zh": "按层级筛选", "en": "Filter by layer"},
    "filter_kind": {"zh": "按类别筛选", "en": "Filter by kind"},
    "shown": {"zh": "显示", "en": "Showing"},
    "branch": {"zh": "分支", "en": "branch"},
    "artifact": {"zh": "产物", "en": "artifact"},
    "stack_title": {"zh": "CUDA/GPU 编程栈", "en": "The CUDA/GPU programming stack"},
    "site_name": {"zh": "GPU 编程栈地图", "en": "GPU Stack Map"},
    # Embedding a diagram in another page (an iframe of its /embed/ page).
    "embed": {"zh": "嵌入", "en": "Embed"},
    "embed_help": {
        "zh": "把这段代码粘贴到你的网页里。代码里的高度正好容纳这个宽度下的整张图（图按 iframe 的宽度选用宽版或窄版布局），"
        "所以网页去掉第二行 script 也能完整显示；留着它，iframe 的宽度变了高度也会跟着变。",
        "en": "Paste this code into your page. The height in it fits the whole diagram at the width it states (the "
        "diagram picks its wide or narrow layout by the iframe's width), so it shows whole even where a page strips "
        "the second line, a script; kept, that line resizes the iframe when its width changes.",
    },
    "embed_width": {"zh": "宽度（像素）", "en": "Width (px)"},
    "embed_code": {"zh": "嵌入代码", "en": "Embed code"},
    "embed_copy": {"zh": "复制", "en": "Copy"},
    "embed_copied": {"zh": "已复制", "en": "Copied"},
    "embed_full": {"zh": "在 GPU 编程栈地图上打开完整页面", "en": "Open the full page on GPU Stack Map"},
    "stack_desc": {
        "zh": "七层栈图，从应用框架到 GPU 硬件；每个方框链接到对应工具页面。文字版见下方各层列表。",
        "en": "The seven-layer stack from application frameworks down to GPU hardware; each box links to its tool page. The layer list below is the text version.",
    },
    "chain_desc": {
        "zh": "执行链图；步骤列表即文字版。",
        "en": "Execution-chain diagram; the step list is its text version.",
    },
    # Relation types: (label for edges this tool declares, label for edges towards it).
    "uses": {"zh": "使用", "en": "Uses"},
    "uses~": {"zh": "被这些工具使用", "en": "Used by"},
    "generates": {"zh": "生成", "en": "Generates"},
    "generates~": {"zh": "由这些工具生成", "en": "Generated by"},
    "part-of": {"zh": "属于", "en": "Part of"},
    "part-of~": {"zh": "包含", "en": "Includes"},
    "targets": {"zh": "目标后端", "en": "Targets"},
    "targets~": {"zh": "以它为后端", "en": "Targeted by"},
    "builds-on": {"zh": "构建在其上", "en": "Builds on"},
    "builds-on~": {"zh": "以它为基础", "en": "Foundation for"},
    "alternative": {"zh": "相近 / 可替代", "en": "Alternatives"},
    "confused-with": {"zh": "容易混淆", "en": "Often confused with"},
    "equivalent-of": {"zh": "CUDA 侧的对应", "en": "CUDA counterpart"},
    "equivalent-of~": {"zh": "其他栈（ROCm 等）上的对应", "en": "Counterparts on other stacks (ROCm …)"},
    "match-partial": {"zh": "部分对应", "en": "partial match"},
    "docs_via": {"zh": "（见上级 {parent} 的文档）", "en": "(documented as part of {parent})"},
    "related_tools": {"zh": "相关工具", "en": "Related tools"},
    "term": {"zh": "术语", "en": "Term"},
    "note": {"zh": "说明", "en": "Note"},
    "definition": {"zh": "定义", "en": "Definition"},
    "reference": {"zh": "资料", "en": "Reference"},
    "for_tools": {"zh": "相关工具", "en": "For"},
    # Printed posters and booklets.
    "poster_title": {"zh": "CUDA/GPU 编程栈地图", "en": "The CUDA/GPU Stack Map"},
    "poster_subtitle": {
        "zh": "每个工具在哪一层，代码怎样真正落到 GPU 上",
        "en": "Which layer each tool lives in, and how code really reaches the GPU",
    },
    "poster_legend": {"zh": "图例", "en": "Legend"},
    "poster_version": {"zh": "版本", "en": "Version"},
    "poster_booklet": {"zh": "CUDA/GPU 执行链", "en": "CUDA/GPU execution chains"},
    "poster_artifact": {
        "zh": "折角方框：产物（文件、格式、构建结果）",
        "en": "Folded box: an artifact (file, format or built output)",
    },
    "poster_branch": {
        "zh": "虚线框：分支点，分支并排画出",
        "en": "Dashed box: a decision; its branches are drawn side by side",
    },
    "poster_steps": {"zh": "步骤", "en": "Steps"},
    # Language names, as a reader of each language calls them.
    "lang_zh": {"zh": "中文", "en": "Chinese"},
    "lang_en": {"zh": "英文", "en": "English"},
    # The Print page's documents.
    "print_poster_a3": {"zh": "栈海报 A3（297 × 420 mm）", "en": "Stack poster, A3 (297 × 420 mm)"},
    "print_poster_a4": {"zh": "栈海报 A4（210 × 297 mm）", "en": "Stack poster, A4 (210 × 297 mm)"},
    "print_booklet_a4": {"zh": "执行链手册 A4（每页一条链）", "en": "Chains booklet, A4 (one chain per page)"},
    "print_first_page": {"zh": "第一页：{document}，{language}版", "en": "First page, {language} edition: {document}"},
    "example": {"zh": "示例", "en": "Example"},
    # When a tool's facts were last compared with their sources (each link says who publishes it unless official).
    "checked": {
        "zh": "{date} 已对照这些资料核对（{version}）",
        "en": "Checked {date} against these sources ({version})",
    },
    "step_update": {"zh": "{date} 核对后更新：", "en": "Updated {date} after checking:"},
    "checked_any": {"zh": "{date} 已对照这些资料核对", "en": "Checked {date} against these sources"},
    "unchecked": {
        "zh": "这些内容尚未对照文档逐条核对。",
        "en": "Not yet checked claim by claim against its documentation.",
    },
    # A record whose text in this page's language may lag behind the other language.
    "lag_title": {"zh": "这里的中文可能落后于英文", "en": "This English text may lag behind the Chinese"},
    "lag_body": {
        "zh": "下列字段的英文在上次两种语言一起核对之后改过，中文还没有按新的英文核对，内容可能已经过时：",
        "en": "The Chinese of these fields changed after the two languages were last reviewed together, "
        "and the English has not been checked against it yet, so it may be out of date:",
    },
    # Parts of a field's path, as the banner names them (rows/2/cells/1 → row 3 cell 2).
    "field_rows": {"zh": "行", "en": "row"},
    "field_cells": {"zh": "单元格", "en": "cell"},
    "field_columns": {"zh": "列", "en": "column"},
    "field_items": {"zh": "条", "en": "item"},
    "field_entries": {"zh": "条目", "en": "entry"},
    "field_line": {"zh": "说明", "en": "line"},
    "field_title": {"zh": "标题", "en": "title"},
    "field_intro": {"zh": "引言", "en": "introduction"},
    "field_term": {"zh": "术语", "en": "term"},
    "field_text": {"zh": "文字", "en": "text"},
    "field_options": {"zh": "分支", "en": "branch"},
    "field_name": {"zh": "名称", "en": "name"},
    "lag_line": {"zh": "{file} 第 {line} 行", "en": "{file}, line {line}"},
    "lag_fix": {
        "zh": "想帮忙？在 GitHub 上对照英文修订中文。",
        "en": "To help, review the English against the Chinese on GitHub.",
    },
    # The path finder: from where a reader's code starts to the GPU.
    "finder_title": {"zh": "从这里到 GPU", "en": "From here to the GPU"},
    "finder_start": {"zh": "你的代码从哪里开始", "en": "Where your code starts"},
    "finder_starts": {"zh": "起点", "en": "Starting points"},
    "finder_page_title": {"zh": "从 {start} 到 GPU", "en": "From {start} to the GPU"},
    "finder_all_starts": {"zh": "所有起点", "en": "All starting points"},
    "finder_unknown": {"zh": "没有叫“{name}”的起点。", "en": "There is no starting point called “{name}”."},
    "finder_through": {"zh": "经过 {tool} 的路线从这些起点出发：", "en": "Routes through {tool} start from:"},
    "finder_nearest": {"zh": "最接近的起点：", "en": "The nearest starting points:"},
    "finder_routes": {"zh": "条路线到 GPU", "en": "routes to the GPU"},
    "finder_one_route": {"zh": "条路线到 GPU", "en": "route to the GPU"},
    "finder_route": {"zh": "路线", "en": "Route"},
    "finder_via": {"zh": "沿执行链", "en": "Following"},
    "finder_then": {"zh": "接着沿", "en": "then"},
    "finder_files": {"zh": "手上已有的文件", "en": "Files you already have"},
    "finder_generates": {"zh": "{tool} 如何生成 kernel", "en": "How {tool} generates its kernels"},
    "finder_prebuilt": {"zh": "{tool} 的机器码：", "en": "Machine code in {tool}:"},
    "finder_update_seen": {
        "zh": "{date} 核对后更新：见路线 {number}",
        "en": "Updated {date} after checking: see route {number}",
    },
    "finder_retold": {
        "zh": "其他执行链讲的同一条路，以及它们说法不同的步骤：",
        "en": "The same way as other chains tell it, with the steps they word differently:",
    },
    "tool_routes": {"zh": "经过它的路线", "en": "Routes through this tool"},
    "list_separator": {"zh": "、", "en": ", "},
    # Punctuation between a label and its value, on every page (data text cannot end in a space).
    "colon": {"zh": "：", "en": ": "},
    "finder_figure_desc": {
        "zh": "这条路线的图：从起点一步步到 GPU，方框链接到工具页面；下方编号列表即文字版。",
        "en": "This route drawn from the starting point down to the GPU; boxes link to tool pages. The numbered list below is the text version.",
    },
    # A 9.14 path page's title names the op and the path: "TensorRT" alone would title a tool's page.
}


def ui(key: str, lang: str) -> str:
    """The interface word `key` in `lang`."""
    reads.record(("ui", key))
    return UI[key][lang]


def has_ui(key: str) -> bool:
    """Whether there is an interface word `key`."""
    reads.record(("ui", key))
    return key in UI
