"""Summaries of timing samples: median and spread, and achieved TFLOP/s for an M x N x K GEMM."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) with linear interpolation between order statistics."""
    if not values:
        raise ValueError("no samples")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} outside 0..100")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def gemm_flops(m: int, n: int, k: int) -> int:
    """Floating-point operations of one M x N x K matrix product (a multiply and an add per term)."""
    return 2 * m * n * k


def tflops(m: int, n: int, k: int, milliseconds: float) -> float:
    """Achieved TFLOP/s of the GEMM part when one call takes `milliseconds`."""
    if milliseconds <= 0:
        raise ValueError("time must be positive")
    return gemm_flops(m, n, k) / (milliseconds * 1e-3) / 1e12


def summarize(samples_ms: Sequence[float], size: int) -> dict:
    """Median, p10, p90, IQR and min of per-call times, plus TFLOP/s at the median, for M=N=K=size."""
    median = percentile(samples_ms, 50)
    return {
        "median_ms": round_sig(median),
        "p10_ms": round_sig(percentile(samples_ms, 10)),
        "p90_ms": round_sig(percentile(samples_ms, 90)),
        "iqr_ms": round_sig(percentile(samples_ms, 75) - percentile(samples_ms, 25)),
        "min_ms": round_sig(min(samples_ms)),
        "tflops": round_sig(tflops(size, size, size, median)),
    }


def round_sig(value: float, digits: int = 4) -> float:
    """Round to significant digits so committed numbers don't pretend to more precision."""
    if value == 0 or not math.isfinite(value):
        return value
    return round(value, digits - 1 - math.floor(math.log10(abs(value))))
