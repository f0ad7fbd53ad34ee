"""Profiler output parsing and kernel grouping, on torch.profiler output saved from the H200 run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.capture import profiles


def test_table_parsing_keeps_long_kernel_names_with_commas_and_spaces(sample):
    rows = profiles.parse_table(sample("profiler-table-torch-eager-4096.txt"))
    names = [row["Name"] for row in rows]
    assert "aten::matmul" in names
    assert any(name.startswith("void at::native::elementwise_kernel<128, 4,") for name in names)
    assert all(row["# of Calls"].isdigit() for row in rows)


def test_table_kernels_are_the_rows_with_gpu_time_and_no_cpu_time(sample):
    kernels = profiles.kernels_from_table(sample("profiler-table-torch-eager-4096.txt"))
    assert [k["name"][:20] for k in kernels] == [
        "nvjet_sm90_tst_256x1",
        "void at::native::ele",
        "void at::native::vec",
        "Memset (Device)",
    ]
    assert kernels[0]["calls"] == 3
    assert kernels[0]["self_us"] == pytest.approx(520.255)


def test_table_without_rules_is_refused():
    with pytest.raises(ValueError, match="no profiler table"):
        profiles.parse_table("Name  Self CPU\naten::mm  1us\n")


def test_trace_kernels_per_call_are_grouped_in_launch_order(sample):
    names = profiles.kernels_from_trace(json.loads(sample("trace-jax-jit-256.json")))
    rows = profiles.per_call(names, calls=3)
    assert [(r["name"], r["group"], r["count"]) for r in rows] == [
        ("gemm_fusion_dot", "xla-triton-gemm", 1),
        ("loop_multiply_fusion", "xla-fusion", 1),
    ]


def test_per_call_counts_repeated_launches_and_uneven_totals():
    rows = profiles.per_call(["copy", "gemm", "copy", "copy", "gemm", "copy", "x"], calls=2)
    assert {r["name"]: r["count"] for r in rows} == {"copy": 2, "gemm": 1, "x": 0.5}


def test_per_call_needs_at_least_one_call():
    with pytest.raises(ValueError):
        profiles.per_call(["gemm"], calls=0)


@pytest.mark.parametrize(
    ("name", "group"),
    [
        ("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_gelubias_NNT", "cublaslt-gemm-gelu-epilogue"),
        ("nvjet_sm90_tst_64x8_64x16_1x2_h_bz_bias_NNT", "cublaslt-gemm-bias-epilogue"),
        ("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT", "cublas-gemm"),
        ("triton_poi_fused_add_gelu_0", "inductor-triton-fused-gelu"),
        ("triton_tem_fused_add_gelu_mm_0", "inductor-triton-gemm-fused"),
        ("matmul_bias_gelu_kernel", "triton-handwritten-fused"),
        ("gemm_bias_gelu", "cuda-handwritten-fused"),
        ("bias_gelu_bf16", "nvrtc-bias-gelu"),
        ("loop_multiply_fusion", "xla-fusion"),
        # Names seen in the H100 capture of 2026-12-06: the CUTLASS kernel's mangled name holds
        # "fusion" (its epilogue), XLA names its Triton softmax like an Inductor kernel.
        (
            "_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiiEEENS1_10collective",
            "cutlass-gemm-fused",
        ),
        ("triton_softmax_2", "xla-triton-softmax"),
        ("triton_red_fused__softmax_exp_prepare_softmax_online_sub_0", "inductor-triton"),
        ("void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, float>", "aten-softmax"),
        ("Memset (Device)", "memset"),
        ("some_unheard_of_kernel", "other"),
    ],
)
def test_kernel_names_fall_into_human_groups(name, group):
    assert profiles.group_of(name).id == group


def test_every_group_the_capture_can_name_has_words_in_both_languages():
    from macros.core.data.loading import load

    root = Path(__file__).resolve().parents[2]
    words = load(root / "data").measurements
    missing = [g.id for g in profiles.GROUPS if g.id not in words or words[g.id].kind != "kernel-group"]
    assert missing == [], "add these kernel groups to data/measurements.yaml"
    # The words are data: the capture code holds ids and patterns only.
    assert not any(hasattr(g, "zh") or hasattr(g, "en") for g in profiles.GROUPS)


@pytest.mark.parametrize(("text", "us"), [("1.5ms", 1500.0), ("520.255us", 520.255), ("2s", 2e6), ("300ns", 0.3)])
def test_profiler_durations_convert_to_microseconds(text, us):
    assert profiles.parse_duration_us(text) == pytest.approx(us)
