"""The printable PDFs: exact paper sizes, fonts embedded, text extractable, one chain per page;
and the Print page, which shows each one's first page and its size."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET

import pytest
from conftest import ROOT, SMALL_SITE_URL

from macros.core.data.loading import load
from macros.core.outputs.poster import Edition
from macros.core.outputs.print_sizes import size_text, with_sizes
from macros.core.outputs.thumbnail import first_page
from macros.core.pipeline.build import Build
from macros.core.settings.addresses import print_files, print_thumbnail
from macros.core.settings.languages import read_languages
from macros.core.settings.ui import ui

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
    # The booklet: a page per chain, then the measured time charts.
    assert pages == (1 if what == "poster" else len(MODEL.chains) + 1)
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


def text_lines(pdf: str) -> list[list[tuple[float, float, str]]]:
    """Per page, each text line as (top, bottom, text), top and bottom as fractions of the page height."""
    layout = poppler("pdftotext", "-bbox-layout", pdf, "-")
    pages = []
    for page in re.finditer(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', layout, re.S):
        height = float(page.group(1))
        lines = re.finditer(
            r'<line xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</line>', page.group(2), re.S
        )
        pages.append(
            [
                (
                    float(m.group(1)) / height,
                    float(m.group(2)) / height,
                    " ".join(re.findall(r">([^<]*)</word>", m.group(3))),
                )
                for m in lines
            ]
        )
    return pages


def lowest_text_above_footer(lines: list[tuple[float, float, str]]) -> float:
    """How far down the page the content reaches: its lowest line, the footer (version, URL) left out."""
    return max(bottom for _, bottom, text in lines if not re.search(r"https?://|版本|Version", text))


def largest_empty_band(lines: list[tuple[float, float, str]]) -> float:
    """The tallest stretch of the page, between its first and last line, with no text in it."""
    spans = sorted((top, bottom) for top, bottom, _ in lines)
    largest, reached = 0.0, spans[0][1]
    for top, bottom in spans[1:]:
        largest = max(largest, top - reached)
        reached = max(reached, bottom)
    return largest


@pytest.mark.parametrize("name,lang,what,size", [f for f in print_files(LANGUAGES) if f[2] == "poster"])
def test_poster_fills_the_paper_with_no_empty_band(built_site, name, lang, what, size):
    (lines,) = text_lines(str(built_site / "print" / name))
    # The stack and its legend reach the footer; nowhere is a band of blank paper (the
    # poster used to stop at about 0.82 of the page, with 0.14 of it blank).
    assert lowest_text_above_footer(lines) > 0.9
    assert largest_empty_band(lines) < 0.06


@pytest.mark.parametrize("lang", LANGUAGES)
def test_booklet_pages_hold_their_chain_down_the_page(built_site, lang):
    pages = text_lines(str(built_site / "print" / f"gpu-stack-map-chains-{lang}-a4.pdf"))
    assert len(pages) == len(MODEL.chains) + 1  # the last: the measured charts (test_measured_page.py)
    for number, lines in enumerate(pages, start=1):
        # Each chain's drawing grows into the room its text leaves (some pages used to end at
        # 0.3 of the page); a short chain stops at 1.6 times its size, so some blank remains.
        assert lowest_text_above_footer(lines) > 0.85, number
        assert largest_empty_band(lines) < 0.4, number


@pytest.mark.longest
@pytest.mark.build
def test_make_serve_serves_the_print_pages_pdfs(tmp_path, small_site):
    """`python -m scripts serve` (what `make serve` runs): the Print page's PDF links answer."""
    import os
    import signal
    import socket
    import sys
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "scripts", "serve", "--dev-addr", f"127.0.0.1:{port}"]
    log = (tmp_path / "serve.log").open("wb")  # a file, not a pipe: a full pipe would stall the server
    # The small project, with its site's cache: its PDFs and pages are reused, as a contributor's
    # second `make serve` reuses the first's.
    env = {**os.environ, "GSM_CACHE_DIR": str(small_site.cache), "SITE_URL": SMALL_SITE_URL}
    server = subprocess.Popen(
        command, cwd=small_site.project, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env
    )
    pdf_url = f"http://127.0.0.1:{port}/print/gpu-stack-map-poster-zh-a3.pdf"
    try:
        deadline = time.monotonic() + 420  # a cold start prints every PDF, then builds the site
        body = b""
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(pdf_url, timeout=10) as response:
                    body = response.read(8)
                break
            except OSError:  # not serving yet: poll the state we need, the PDF answering
                time.sleep(0.5)
        assert server.poll() is None, (tmp_path / "serve.log").read_text(errors="replace")[-2000:]
        assert body.startswith(b"%PDF"), body
        for name, *_ in print_files(LANGUAGES):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/print/{name}", timeout=10) as response:
                assert response.status == 200 and response.read(5) == b"%PDF-", name
            with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/print/{print_thumbnail(name)}", timeout=10
            ) as response:
                assert response.status == 200 and response.read(4) == b"<svg", name
        # The Print page shows each PDF's size, though the PDFs were written before the pages.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/print/", timeout=10) as response:
            shown = re.findall(r'data-gsm-pdf="([^"]+)">(\d[^<]*)</span>', response.read().decode("utf-8"))
        assert sorted(name for name, _ in shown) == sorted(name for name, *_ in print_files(LANGUAGES)), shown
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
        log.close()


# ---------------------------------------------------------------- the Print page


def test_a_size_reads_as_a_reader_writes_it():
    assert [size_text(n) for n in (318 * 1024, 1, 1023 * 1024 + 600, 1536 * 1024)] == [
        "318 KB",
        "1 KB",
        "1.0 MB",
        "1.5 MB",
    ]


def test_sizes_fill_only_the_slots_of_files_that_were_built():
    page = '<span class="gsm-pdf-size" data-gsm-pdf="a.pdf"></span> <span class="gsm-pdf-size" data-gsm-pdf="b.pdf"></span>'
    assert with_sizes(page, {"a.pdf": 2048}) == page.replace('"a.pdf"></span>', '"a.pdf">2 KB</span>')


@pytest.fixture(scope="module")
def build() -> Build:
    """The real data and diagrams, as the print build reads them."""
    return Build.start(ROOT / "data", read_languages(ROOT / "mkdocs.yml"), ROOT / "mkdocs.yml")


@pytest.mark.parametrize("name,lang,what,size", print_files(LANGUAGES))
def test_the_first_page_picture_is_a_page_of_that_paper_with_the_documents_title(build, name, lang, what, size):
    languages = build.languages
    edition = Edition("v1 <&>", "2025-01-02", "https://example.org/gpu/", languages)
    picture = ET.fromstring(first_page(build.model, lang, what, size, edition, build.diagrams))  # well-formed
    width, height = PAPER_POINTS[size]
    assert abs(float(picture.get("width")) - width) < 1 and abs(float(picture.get("height")) - height) < 1
    words = "".join("".join(text.itertext()) for text in picture.iter("{http://www.w3.org/2000/svg}text"))
    first = next(iter(MODEL.chains.values()))
    title = ui("poster_title", lang) if what == "poster" else first.title.get(lang).replace("`", "")
    assert "".join(title.split()) in "".join(words.split())
    assert "v1 <&>" in words  # the footer's edition, escaped in the file
    assert picture.find("{http://www.w3.org/2000/svg}svg") is not None  # the page's drawing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_print_page_shows_each_pdfs_first_page_and_its_real_size(browser, built_site, base_url, lang):
    prefix = read_languages(ROOT / "mkdocs.yml").prefix(lang)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{base_url}{prefix}print/", wait_until="load")
        items = page.locator("ul.gsm-print-list > li")
        assert items.count() == len(print_files(LANGUAGES))
        for number, (name, *_) in enumerate(print_files(LANGUAGES)):
            item = items.nth(number)
            assert item.locator("a").get_attribute("href").endswith(f"print/{name}")
            # The size the built file has, read from it by the build, not typed.
            assert item.locator(".gsm-pdf-size").inner_text() == size_text((built_site / "print" / name).stat().st_size)
            picture = item.locator("img")
            assert picture.get_attribute("src").endswith(f"print/{print_thumbnail(name)}")
            assert picture.get_attribute("loading") == "lazy" and picture.get_attribute("alt")
            assert int(picture.get_attribute("width")) > 0 and int(picture.get_attribute("height")) > 0
            picture.scroll_into_view_if_needed()
            page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle())
    finally:
        context.close()
