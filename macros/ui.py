"""Interface words the renderers print around data, in both languages."""

from __future__ import annotations

UI: dict[str, tuple[str, str]] = {
    "layer": ("层级", "Layer"),
    "kind": ("类别", "Kind"),
    "summary": ("一句话", "In one line"),
    "what": ("它是什么", "What it is"),
    "input": ("输入", "Input"),
    "output": ("输出", "Output"),
    "reaches_gpu": ("怎么落到 GPU 上", "How it reaches the GPU"),
    "suits": ("适合", "Good for"),
    "avoid": ("不适合", "Not the right tool for"),
    "placement": ("为什么放在这一层", "Why it sits in this layer"),
    "relations": ("和其他工具的关系", "Related tools"),
    "docs": ("官方文档", "Official documentation"),
    "chains": ("经过它的执行链", "Execution chains through it"),
    "tables": ("出现在这些对比表中", "Appears in these tables"),
    "aliases": ("别名", "Also known as"),
    "here": ("它在栈中的位置", "Where it sits in the stack"),
    "off_stack": ("不在七层栈内（跨层平台、产物或外部硬件）", "Outside the seven layers (a cross-layer platform, an artifact or other hardware)"),
    "tools_in_layer": ("这一层的工具", "Tools in this layer"),
    "takes": ("接收", "Takes in"),
    "gives": ("交出", "Hands down"),
    "steps": ("步骤", "Steps"),
    "section": ("原文章节", "Source section"),
    "source_catalog": ("来自工具目录页", "From the tool catalog"),
    "source_both": ("见于栈地图和工具目录页", "In the stack map and the tool catalog"),
    "edit": ("在 GitHub 上编辑这条数据", "Edit this record on GitHub"),
    "name": ("名称", "Name"),
    "all": ("全部", "All"),
    "filter_layer": ("按层级筛选", "Filter by layer"),
    "filter_kind": ("按类别筛选", "Filter by kind"),
    "shown": ("显示", "Showing"),
    "branch": ("分支", "branch"),
    "artifact": ("产物", "artifact"),
    "stack_title": ("CUDA/GPU 编程栈", "The CUDA/GPU programming stack"),
    "stack_desc": (
        "七层栈图，从应用框架到 GPU 硬件；每个方框链接到对应工具页面。文字版见下方各层列表。",
        "The seven-layer stack from application frameworks down to GPU hardware; each box links to its tool page. The layer list below is the text version.",
    ),
    "chain_desc": ("执行链图；步骤列表即文字版。", "Execution-chain diagram; the step list is its text version."),
    "uses": ("使用", "uses"),
    "generates": ("生成", "generates"),
    "part-of": ("属于", "is part of"),
    "backend": ("可作为后端接入", "serves as a backend of"),
    "builds-on": ("构建在其上", "builds on"),
    "alternative": ("可替代 / 相近", "is an alternative to"),
    "confused-with": ("容易混淆", "is often confused with"),
    "used-by": ("被这些工具使用或指向", "referenced by"),
    "related_tools": ("相关工具", "Related tools"),
    "term": ("术语", "Term"),
    "definition": ("定义", "Definition"),
    "reference": ("资料", "Reference"),
    "for_tools": ("相关工具", "For"),
    "group_gelu": ("同一个算子在不同工具里的路径", "One op down every path"),
}


def ui(key: str, lang: str) -> str:
    """The interface word `key` in `lang`."""
    zh, en = UI[key]
    return zh if lang == "zh" else en
