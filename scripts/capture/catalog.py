"""Where each captured excerpt comes from in a capture and the lines that prove it.

What an excerpt or a measured path is bound to (its chain steps, its tools, the tool that made
it, the chain a path follows) is data, beside the words readers see for it: data/measurements.yaml,
checked like every other id. The importer reads both; this file names no tool, chain or step.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ArtifactSpec:
    """One excerpt to publish: where its raw text comes from and the lines that prove what it shows."""

    id: str
    source: str  # raw artifact stem under artifacts/, or "table:<path>-<size>", or "kernels:<path>"
    kind: str
    patterns: tuple[str, ...]
    context: int = 0
    sass: bool = False
    facts: tuple[str, ...] = field(default=())  # names of measured facts to attach (see importer.FACTS)


ARTIFACTS: tuple[ArtifactSpec, ...] = (
    ArtifactSpec(
        "triton-ttir",
        "triton-ttir-4096",
        "triton-ttir",
        (r"tt\.func public", r"tt\.dot", r"math\.erf"),
    ),
    ArtifactSpec(
        "triton-ttgir",
        "triton-ttgir-4096",
        "triton-ttgir",
        (r"#mma = ", r'ttg\.target = "cuda:90"', r"warp_group_dot\b"),
    ),
    ArtifactSpec(
        "triton-llvm-ir",
        "triton-llir-4096",
        "llvm-ir",
        (r"define .*@matmul_bias_gelu_kernel", r"@llvm\.nvvm\.", r"wgmma\.mma_async"),
    ),
    ArtifactSpec(
        "triton-ptx",
        "triton-ptx-4096",
        "ptx",
        (r"^\.version", r"^\.target", r"\.entry matmul_bias_gelu_kernel", r"wgmma\.mma_async"),
    ),
    ArtifactSpec(
        "triton-sass",
        "triton-sass-4096",
        "sass",
        (r"code for sm_", r"Function : ", r"HGMMA"),
        sass=True,
    ),
    ArtifactSpec(
        "inductor-default-code",
        "inductor-default-code-4096",
        "inductor-code",
        (r"^triton_poi_fused_add_gelu_0 = async_compile", r"libdevice\.erf", r"extern_kernels\.mm\("),
    ),
    ArtifactSpec(
        "inductor-max-autotune-code",
        "inductor-max-autotune-code-256",
        "inductor-code",
        (r"^triton_tem_fused_add_gelu_mm_0 = async_compile", r"tl\.dot\(", r"libdevice\.erf"),
    ),
    ArtifactSpec(
        "inductor-ptx",
        "inductor-default-ptx-4096",
        "ptx",
        (r"^\.target", r"\.entry triton_poi_fused_add_gelu_0", r"ex2\.approx"),
    ),
    ArtifactSpec(
        "inductor-template-sass",
        "inductor-max-autotune-sass-256",
        "sass",
        (r"code for sm_", r"Function : ", r"HGMMA"),
        sass=True,
    ),
    ArtifactSpec(
        "jax-jaxpr",
        "jax-jaxpr",
        "jaxpr",
        (r"lambda", r"dot_general", r"erfc"),
    ),
    ArtifactSpec(
        "jax-stablehlo",
        "jax-stablehlo-4096",
        "stablehlo",
        (r"func\.func public @main", r"stablehlo\.dot_general", r"erf"),
    ),
    ArtifactSpec(
        "jax-hlo-optimized",
        "jax-hlo-optimized-4096",
        "hlo",
        (r"^ENTRY", r"__cublas\$lt\$matmul", r"ROOT %loop_multiply_fusion", r"erfc"),
    ),
    ArtifactSpec(
        "jax-hlo-optimized-small",
        "jax-hlo-optimized-256",
        "hlo",
        (r"^ENTRY", r"%gemm_fusion_dot = ", r"__triton", r"ROOT %loop_"),
    ),
    ArtifactSpec(
        "nvcc-ptx",
        "nvcc-ptx",
        "ptx",
        (r"^\.version", r"^\.target", r"\.entry gemm_bias_gelu", r"wmma\.mma\.sync"),
    ),
    ArtifactSpec(
        "nvcc-sass",
        "nvcc-sass",
        "sass",
        (r"code for sm_", r"Function : ", r"HMMA"),
        sass=True,
    ),
    ArtifactSpec(
        "nvcc-dryrun",
        "nvcc-dryrun",
        "nvcc-phases",
        (r"cicc\"? ", r"^#\$ ptxas", r"^#\$ fatbinary"),
    ),
    ArtifactSpec(
        "ptxas-resources",
        "nvcc-ptxas-v",
        "ptxas-report",
        (r"Compiling entry function", r"spill", r"Used \d+ registers"),
    ),
    ArtifactSpec(
        "fatbin-multi",
        "fatbin-multi-list",
        "fatbin-listing",
        (r"ELF file", r"PTX file"),
        context=3,
    ),
    ArtifactSpec(
        "fatbin-default",
        "fatbin-default-list",
        "fatbin-listing",
        (r"ELF file", r"PTX file"),
    ),
    ArtifactSpec(
        "fatbin-ptx-only",
        "fatbin-ptx-only-list",
        "fatbin-listing",
        (r"PTX file", r"No ELF"),
        facts=("first_call_ms_ptx_only_jit", "first_call_ms_cubin_sm90"),
    ),
    ArtifactSpec(
        "cupy-nvrtc-source",
        "cupy-nvrtc-source",
        "cuda-source",
        (r"__global__", r"erff"),
        context=1,
    ),
    ArtifactSpec(
        "profile-torch-eager",
        "table:torch-eager-4096",
        "profiler-table",
        (r"self GPU time", r"nvjet", r"CUDAFunctor_add", r"Gelu"),
    ),
    ArtifactSpec(
        "profile-addmm-activation",
        "table:torch-addmm-activation-4096",
        "profiler-table",
        (r"self GPU time", r"gelubias"),
    ),
    ArtifactSpec(
        "cutlass-sass",
        "cutlass-sass",
        "sass",
        (r"code for sm_90a", r"HGMMA", r"UTMALDG"),
        sass=True,
    ),
    ArtifactSpec(
        "cutlass-ptxas",
        "cutlass-ptxas-v",
        "ptxas-report",
        (r"C7510", r"Used \d+ registers"),
    ),
    ArtifactSpec(
        "nvrtc-ptx",
        "nvrtc-ptx",
        "ptx",
        (r"^\.version", r"^\.target", r"\.entry gemm_bias_gelu", r"wmma\.mma\.sync"),
    ),
    ArtifactSpec(
        "nvrtc-sass",
        "nvrtc-sass",
        "sass",
        (r"code for sm_", r"Function : ", r"HMMA"),
        sass=True,
    ),
    ArtifactSpec(
        "numba-ptx",
        "numba-ptx",
        "ptx",
        (r"^\.version", r"^\.target", r"\.entry", r"ld\.shared", r"fma\.rn\.f32"),
    ),
    ArtifactSpec(
        "softmax-inductor-code",
        "softmax-inductor-code-65536",
        "inductor-code",
        (r"async_compile\.triton", r"prepare_softmax_online", r"tl\.store"),
    ),
    ArtifactSpec(
        "softmax-xla-hlo",
        "softmax-xla-hlo-65536",
        "hlo",
        (r"^ENTRY", r"triton_softmax", r"exponential"),
    ),
    ArtifactSpec(
        "cublas-kernel-choice",
        "kernels:torch-eager",
        "kernel-list",
        (r"M=N=K=",),
    ),
)
