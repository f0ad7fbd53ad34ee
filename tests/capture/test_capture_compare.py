"""GPU time per call from the profiler's trace, and an import's comparison with the previous capture."""

from __future__ import annotations

from scripts.capture import importer, profiles


def _trace(*events):
    return {"traceEvents": [{"cat": cat, "ph": "X", "name": name, "dur": dur} for cat, name, dur in events]}


def test_gpu_time_per_call_sums_each_activity_by_name_over_the_calls():
    trace = _trace(("kernel", "gemm_bias_gelu", 10.0), ("kernel", "gemm_bias_gelu", 12.0), ("cpu_op", "aten::mm", 99))
    assert profiles.gpu_us_per_call(trace, 2) == {"gemm_bias_gelu": 11.0}


def test_gpu_time_leaves_out_zeroing_and_copies():
    kernel_us = {
        "Memset (Device)": 5.0,
        "nvjet_sm90_tst_64x8_64x16_1x2_h_bz_NNT": 20.0,
        "triton_poi_fused_add_gelu_0": 3.0,
    }
    assert importer.gpu_ms(kernel_us, {"memset", "memcpy"}) == 0.023


def _doc(gpu, ms, kernels):
    return {
        "run": {"gpu": gpu},
        "paths": [
            {
                "id": "torch-eager",
                "sizes": [
                    {
                        "size": 256,
                        "status": "measured",
                        "time_ms": {"median": 2 * ms},
                        "gpu_time_ms": {"median": ms},
                        "kernels": [{"name": n, "group": "cublas-gemm"} for n in kernels],
                    }
                ],
            }
        ],
    }


def test_an_import_prints_gpu_time_against_the_previous_capture_with_the_ratio():
    (line,) = importer.compare_lines(_doc("NVIDIA H100", 0.02, ["k1"]), _doc("NVIDIA H100", 0.021, ["k1"]))
    assert "GPU time 0.02 -> 0.021 ms" in line and "x1.05" in line and "CHANGED" not in line


def test_an_import_flags_a_changed_kernel_choice():
    (line,) = importer.compare_lines(_doc("NVIDIA H100", 0.02, ["k1"]), _doc("NVIDIA H100", 0.02, ["k2"]))
    assert line.endswith("KERNEL CHOICE CHANGED")


def test_captures_of_different_gpus_are_not_compared():
    (line,) = importer.compare_lines(_doc("NVIDIA H200", 0.02, ["k1"]), _doc("NVIDIA H100", 0.02, ["k1"]))
    assert "not compared" in line


def test_an_old_capture_without_gpu_time_is_compared_by_call_time():
    old = _doc("NVIDIA H100", 0.02, ["k1"])
    del old["paths"][0]["sizes"][0]["gpu_time_ms"]
    (line,) = importer.compare_lines(old, _doc("NVIDIA H100", 0.02, ["k1"]))
    assert "call time 0.04 -> 0.04 ms" in line


def test_the_import_finds_archives_left_in_the_shared_folder(tmp_path):
    (tmp_path / "h100.tgz").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("")
    assert importer.shared_archives(tmp_path) == [tmp_path / "h100.tgz"]
    assert importer.shared_archives(tmp_path / "absent") == []


def test_an_import_removes_only_the_excerpts_the_last_import_wrote(tmp_path):
    (tmp_path / "excerpts").mkdir()
    for name in ("nvcc-sass.txt", "gfx942-hip-amdgcn.txt"):
        (tmp_path / "excerpts" / name).write_text("x")
    (tmp_path / "artifacts.yaml").write_text("artifacts:\n  - {id: nvcc-sass, excerpt_file: excerpts/nvcc-sass.txt}\n")
    assert importer.imported_excerpts(tmp_path) == [tmp_path / "excerpts" / "nvcc-sass.txt"]
