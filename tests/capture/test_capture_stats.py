"""Median, spread and TFLOP/s of the timing samples."""

from __future__ import annotations

import pytest

from scripts.capture import stats


def test_median_of_odd_and_even_sample_counts():
    assert stats.percentile([3, 1, 2], 50) == 2
    assert stats.percentile([4, 1, 3, 2], 50) == 2.5


def test_percentiles_interpolate_between_order_statistics():
    values = list(range(11))  # 0..10
    assert stats.percentile(values, 10) == pytest.approx(1.0)
    assert stats.percentile(values, 90) == pytest.approx(9.0)
    assert stats.percentile([5.0], 90) == 5.0


def test_percentile_refuses_empty_samples_and_out_of_range_q():
    with pytest.raises(ValueError):
        stats.percentile([], 50)
    with pytest.raises(ValueError):
        stats.percentile([1.0], 101)


def test_tflops_counts_two_flops_per_multiply_add():
    # 4096^3 GEMM in 0.1869 ms (the cuBLASLt epilogue path on the H200) is about 735 TFLOP/s.
    assert stats.gemm_flops(4096, 4096, 4096) == 2 * 4096**3
    assert stats.tflops(4096, 4096, 4096, 0.1869) == pytest.approx(735.4, rel=1e-3)


def test_tflops_refuses_non_positive_time():
    with pytest.raises(ValueError):
        stats.tflops(256, 256, 256, 0)


def test_summary_reports_median_spread_and_rate_rounded():
    samples = [0.25, 0.24, 0.26, 0.245, 0.255]
    summary = stats.summarize(samples, 4096)
    assert summary["median_ms"] == 0.25
    assert summary["min_ms"] == 0.24
    assert summary["p10_ms"] < summary["median_ms"] < summary["p90_ms"]
    assert summary["iqr_ms"] == pytest.approx(0.01)
    assert summary["tflops"] == pytest.approx(549.8, rel=1e-3)


def test_rounding_keeps_significant_digits():
    assert stats.round_sig(0.000630412345) == 0.0006304
    assert stats.round_sig(735.2159) == 735.2
    assert stats.round_sig(0.0) == 0.0
