"""What search needs beyond the pages' text: how the search box ranks results and reads a query
(its settings, in one place), and the names each record page is found by, in both languages."""

from __future__ import annotations

import re

# How the search box ranks and shows results, in one place (search.js reads it from the box's
# data-settings). Chosen with `make search-eval` (tests/search/queries.yaml): titles and names
# count most; pageLength 0.25 (Pagefind: 0.75) stops short pages outranking the glossary and the
# comparison tables that answer a term. `meta_weights` name the metadata overrides/main.html marks.
SEARCH_SETTINGS = {
    "ranking": {
        "metaWeights": {"title": 8, "names": 6, "layer": 0, "kind": 0},
        "termSimilarity": 2,
        "pageLength": 0.25,
    },
    "rows": 10,  # rows shown; the first screen holds about six
    "pinned": 3,  # pages a typed name can pin above the full-text results
    # How readers ask to compare two things, in either language (either site may be asked either
    # way): "[before] A <join> B [after]"; a word of `ands` joins A and B only with a `before` or
    # an `after` ("difference between A and B", "A 和 B 的区别"), since "A and B" alone is a query
    # about both. When A and B are both tools' names, the places that compare them come first.
    "comparative": {
        "joins": [
            "vs",
            "vs.",
            "versus",
            "or",
            "compared to",
            "compared with",
            "against",
            "还是",
            "对比",
            "对",
            "比较",
            "或",
            "或者",
        ],
        "ands": ["and", "with", "和", "与", "跟", "同", "及"],
        "before": [
            "what is the difference between",
            "what's the difference between",
            "difference between",
            "differences between",
            "the difference between",
            "compare",
            "comparing",
            "comparison of",
            "对比",
            "比较",
            "区分",
        ],
        "after": [
            "difference",
            "differences",
            "compared",
            "comparison",
            "which one",
            "which is better",
            "的区别",
            "区别",
            "有什么区别",
            "有何区别",
            "的差异",
            "差异",
            "的不同",
            "有什么不同",
            "不同",
            "对比",
            "的对比",
            "比较",
            "的比较",
            "哪个好",
            "哪个更好",
            "怎么选",
            "选哪个",
            "的关系",
            "关系",
        ],
    },
    # How a query typed as a question is read (search.js, readQuery): the names in it are found in
    # the name index and kept whole ("C++", "cuBLASLt", "sm_90a", "L2 缓存"); the other words lose
    # these stop words (in Chinese also at the start or end of a run of characters); `related`
    # adds the names a word that names no page leads to; `compare` and `route` words mark a
    # question that asks to compare the two tools it names, or how code from the one it names
    # reaches the GPU (its path finder page first). `generic` names lead only when alone. Related
    # names are written in both languages where a page's title differs; those a site lacks are
    # skipped.
    "question": {
        "stop": [
            # English
            "a",
            "about",
            "an",
            "and",
            "are",
            "as",
            "at",
            "be",
            "best",
            "better",
            "big",
            "bigger",
            "can",
            "could",
            "did",
            "do",
            "does",
            "doing",
            "explain",
            "fast",
            "faster",
            "fastest",
            "first",
            "for",
            "from",
            "get",
            "happen",
            "happens",
            "have",
            "how",
            "i",
            "in",
            "into",
            "inside",
            "is",
            "it",
            "its",
            "large",
            "many",
            "me",
            "mean",
            "means",
            "much",
            "my",
            "need",
            "of",
            "on",
            "one",
            "only",
            "should",
            "size",
            "take",
            "that",
            "the",
            "there",
            "this",
            "to",
            "use",
            "used",
            "using",
            "way",
            "we",
            "what",
            "what's",
            "when",
            "where",
            "which",
            "who",
            "why",
            "will",
            "with",
            "work",
            "works",
            "would",
            "you",
            "your",
            # 中文
            "是什么意思",
            "什么意思",
            "是干什么的",
            "干什么的",
            "干什么",
            "做什么的",
            "做什么",
            "做了什么",
            "是做什么的",
            "怎么回事",
            "是怎么",
            "是什么",
            "为什么",
            "什么",
            "怎么样",
            "怎么",
            "怎样",
            "如何",
            "可以",
            "能不能",
            "能",
            "有哪些",
            "哪些",
            "有什么",
            "有多大",
            "多大",
            "多快",
            "有多少个",
            "有多少",
            "多少个",
            "多少",
            "一个",
            "哪个更快",
            "哪个快",
            "哪个好",
            "哪个",
            "从哪里",
            "哪里",
            "开始",
            "需要",
            "里面",
            "只能",
            "用在",
            "用什么",
            "最快",
            "用",
            "是",
            "的",
            "了",
            "吗",
            "呢",
            "吧",
            "在",
            "上",
            "有",
            "给",
            "先",
            "学",
            "好",
            "快",
            "个",
            "我",
            "要",
            "会",
            "都",
            "还",
            "跑",
            "到",
            "写",
        ],
        "related": {
            "flexattention": ["torch.compile", "FlashAttention"],
            "flex attention": ["torch.compile", "FlashAttention"],
            "amd": ["HIP", "ROCm"],
            "profile": ["Nsight Compute", "Nsight Systems"],
            "profiling": ["Nsight Compute", "Nsight Systems"],
            "分析": ["Nsight Compute", "Nsight Systems"],
            "内存层次": ["GPU 的存储层次"],
            "custom op": ["Custom CUDA extension"],
            "custom kernel": ["Custom CUDA extension"],
            "custom cuda kernel": ["Custom CUDA extension"],
            "自定义 cuda 算子": ["自定义 CUDA 扩展"],
            "disassembler": ["NVIDIA CUDA Binary Utilities"],
            "disassemble": ["NVIDIA CUDA Binary Utilities"],
            "深度学习算子库": ["cuDNN"],
            "learning": ["Learn"],
            "start learning": ["Learn"],
            "开始学": ["学习顺序"],
            "入门": ["学习顺序"],
            "how fast": ["Measured"],
            "fastest": ["Measured"],
            "多快": ["实测"],
            "最快": ["实测"],
        },
        "compare": [
            "difference",
            "differences",
            "different",
            "vs",
            "versus",
            "or",
            "instead of",
            "better",
            "faster",
            "区别",
            "不同",
            "差异",
            "还是",
            "哪个",
            "对比",
            "比较",
        ],
        "route": [
            "become",
            "becomes",
            "reach",
            "reaches",
            "get to",
            "run on",
            "runs on",
            "path",
            "paths",
            "route",
            "routes",
            "变成",
            "跑到",
            "到 gpu",
            "路径",
            "路线",
            "怎么到",
        ],
        # Asked how, with words beyond the names: the chain the full text ranks highest answers first.
        "how": ["how", "怎么", "如何", "怎样"],
        # Written as readers type them; search.js compares them case-folded (normalize).
        "generic": ["GPU", "CUDA", "kernel", "NVIDIA", "code", "代码"],
    },
}


def name_forms(text: str) -> list[str]:
    """A name and the forms in and around it: "automatic differentiation (autodiff, AD)" gives all
    three, "图编译器 / 运行时 / 推理引擎" each part, "1. 应用" the name without its number."""
    inner = [part for group in re.findall(r"[（(]([^）)]+)[）)]", text) for part in re.split(r"[,，、]\s*", group)]
    outer = re.sub(r"\s*[（(][^）)]*[）)]", "", text)
    forms = [outer, *inner]
    for form in list(forms):
        parts = [p for p in re.split(r"\s+/\s+", form) if p]
        if len(parts) > 1:
            forms += parts
    return [re.sub(r"^\d+\.\s*", "", f).strip() for f in forms if f.strip()]


def record_forms(record) -> list[str]:
    """A record's name (tool, layer) or title (chain) in both languages, with its forms."""
    text = getattr(record, "name", None) or record.title
    return list(dict.fromkeys(name_forms(text.zh) + name_forms(text.en)))


def search_meta(model, section: str, record, lang: str) -> dict:
    """What the search index reads beside a record page's text: for a tool, its layer's name
    in `lang`; for every record, the names it is found by in either language (so 张量核心
    finds Tensor Core on the English site too), and for a tool the glossary terms that name it."""
    words = record_forms(record)
    meta: dict = {}
    if section == "tools":
        words += record.aliases
        for term in model.glossary.values():
            if record.id in term.tools:
                words += name_forms(term.term.zh) + name_forms(term.term.en)
        if record.layer:
            meta["layer"] = model.layers[record.layer].name.get(lang)
    meta["words"] = list(dict.fromkeys(w for w in words if w))
    return meta
