"""Excerpt trimming on real compiler output: the few lines that prove a point, and the bounded full file."""

from __future__ import annotations

from scripts.capture import excerpts, importer


def test_proof_excerpt_keeps_the_target_and_the_wgmma_line_with_gaps_marked(sample):
    ptx = sample("triton-ptx-4096-part.txt")
    cut = excerpts.proof_excerpt(ptx, [r"^\.target", r"wgmma\.mma_async"])
    lines = cut.text.splitlines()
    assert lines[0] == excerpts.GAP
    assert ".target sm_90a" in lines
    assert any("wgmma.mma_async.sync.aligned" in line for line in lines)
    assert cut.missing == ()
    assert cut.lines_total == len(ptx.splitlines())


def test_proof_excerpt_reports_patterns_that_found_nothing(sample):
    cut = excerpts.proof_excerpt(sample("triton-ptx-4096-part.txt"), [r"^\.target", r"HGMMA"])
    assert cut.matched == (r"^\.target",)
    assert cut.missing == ("HGMMA",)


def test_proof_excerpt_never_exceeds_its_line_budget(sample):
    cut = excerpts.proof_excerpt(sample("triton-ptx-4096-part.txt"), [r"."], context=50, max_lines=5)
    assert len([line for line in cut.text.splitlines() if line != excerpts.GAP]) == 5


def test_long_lines_are_clipped_with_an_ellipsis():
    assert excerpts.clip("x" * 500, 20) == "x" * 19 + "…"
    assert excerpts.clip("\ta  ") == "    a"


def test_file_excerpt_of_a_large_file_is_bounded_and_counts_what_it_omits():
    text = "\n".join(f"line {i}" for i in range(20000)) + "\nHGMMA here\n" + "\n".join("tail" for _ in range(5000))
    cut = excerpts.file_excerpt(text, [r"HGMMA"], head=10, context=2, max_bytes=4000)
    assert len(cut.text.encode()) <= 4000
    assert "HGMMA here" in cut.text
    assert "[19988 lines omitted]" in cut.text
    assert cut.text.rstrip().endswith("lines omitted]")


def test_file_excerpt_of_a_small_file_is_the_whole_file(sample):
    ptx = sample("triton-ptx-4096-part.txt")
    cut = excerpts.file_excerpt(ptx, [r"wgmma"])
    assert cut.text.splitlines() == [excerpts.clip(line, 400) for line in ptx.splitlines()]


def test_sass_lines_lose_their_encoding_comments(sample):
    cleaned = importer._clean_sass(sample("triton-sass-4096-part.txt"))
    assert "0x" not in "".join(line.split(";")[-1] for line in cleaned.splitlines() if "HGMMA" in line)
    assert any(line.strip().startswith("/*") and "HGMMA.64x256x16.F32.BF16" in line for line in cleaned.splitlines())


def test_paths_into_the_capture_checkout_are_shown_relative_to_the_project():
    line = 'cudafe++ --orig_src_file_name "/home/ci/repo/scripts/capture/kernels/k.cu" -arch compute_90'
    assert (
        excerpts.project_relative(line)
        == 'cudafe++ --orig_src_file_name "scripts/capture/kernels/k.cu" -arch compute_90'
    )
    assert excerpts.project_relative('#loc = loc("/x/y/scripts/capture/triton_gelu.py":18:0)') == (
        '#loc = loc("scripts/capture/triton_gelu.py":18:0)'
    )
