"""The printable PDFs: exact paper sizes, fonts embedded, text extractable, one chain per page."""

from __future__ import annotations

import re
import subprocess

import pytest
from conftest import ROOT

from macros.core.languages import read_languages
from macros.core.model import load
from macros.core.poster import print_files

LANGUAGES = read_languages(ROOT / "mkdocs.yml").codes
MODEL = load(ROOT / "data")
PAPER_POINTS = {"a3": (841.89, 1190.55), "a4": (595.28, 841.89)}


def poppler(tool: str, *args: str) -> str:
    return subprocess.run([tool, *args], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("name,lang,what,size", print_files(LANGUAGES))
def test_pdf_has_exact_paper_size_and_embedded_fonts(built_site, name, lang, what, size):
    pdf = str(built_site / "print" / name)
    info = poppler("pdfinfo", pdf)
    width, height = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups())
    expected_width, expected_height = PAPER_POINTS[size]
    assert abs(width - expected_width) < 0.5 and abs(height - expected_height) < 0.5
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages == (1 if what == "poster" else len(MODEL.chains))
    fonts = poppler("pdffonts", pdf).splitlines()[2:]
    assert fonts, "no fonts: text was drawn as outlines or images"
    for line in fonts:
        assert " yes " in line.split("Identity-H")[-1] or line.split()[-5] == "yes", line
        assert "Type 3" not in line, f"font embedded as Type 3 glyphs: {line}"
    if lang == "zh":
        assert any("NotoSansCJK" in line.replace("-", "") for line in fonts)


@pytest.mark.parametrize("name,lang,what,size", [f for f in print_files(LANGUAGES) if f[2] == "poster"])
def test_poster_text_names_every_layer_and_says_version_and_url(built_site, base_url, name, lang, what, size):
    text = poppler("pdftotext", "-layout", str(built_site / "print" / name), "-")
    flat = re.sub(r"\s+", "", text)
    for layer in MODEL.layers.values():
        assert re.sub(r"\s+", "", layer.name.get(lang)) in flat, layer.id
    # The URL the site was built for (a sub-path, as a fork publishes it), in the page's language.
    assert base_url + ("en/" if lang == "en" else "") in text
    assert ("版本" if lang == "zh" else "Version") in text
    assert ("图例" if lang == "zh" else "Legend") in text


def test_booklet_gives_each_chain_its_own_page_with_title(built_site):
    for lang in ("zh", "en"):
        pdf = str(built_site / "print" / f"gpu-stack-map-chains-{lang}-a4.pdf")
        for number, chain in enumerate(MODEL.chains.values(), start=1):
            page_text = poppler("pdftotext", "-f", str(number), "-l", str(number), pdf, "-")
            title = re.sub(r"[`\s]", "", chain.title.get(lang))
            assert title[:12] in re.sub(r"\s", "", page_text), (lang, chain.id)
