"""What each captured artifact and path illustrates: its chain steps and tools, and the lines that prove it.

The words readers see for them (labels, titles, what an excerpt shows) are data: data/measurements.yaml.

Hand-written knowledge about the chains in data/chains.yaml (steps named by their ids);
the importer applies it to whatever a capture produced, and the schema check rejects unknown ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Ref = tuple[str, str]  # (chain id, step id)


@dataclass(frozen=True)
class ArtifactSpec:
    """One excerpt to publish: where its raw text comes from and what it is evidence for."""

    id: str
    source: str  # raw artifact stem under artifacts/, or "table:<path>-<size>", or "kernels:<path>"
    kind: str
    patterns: tuple[str, ...]
    refs: tuple[Ref, ...] = ()
    tools: tuple[str, ...] = ()
    context: int = 0
    sass: bool = False
    facts: tuple[str, ...] = field(default=())  # names of measured facts to attach (see importer.FACTS)


ARTIFACTS: tuple[ArtifactSpec, ...] = (
    ArtifactSpec(
        "triton-ttir",
        "triton-ttir-4096",
        "triton-ttir",
        (r"tt\.func public", r"tt\.dot", r"math\.erf"),
        (
            ("triton-overview", "triton-compiler-ir"),
            ("triton-pipeline", "triton-ast-ir"),
            ("triton-custom-op", "triton-ir-mlir-llvm"),
        ),
        ("triton-ir", "triton"),
    ),
    ArtifactSpec(
        "triton-ttgir",
        "triton-ttgir-4096",
        "triton-ttgir",
        (r"#mma = ", r'ttg\.target = "cuda:90"', r"warp_group_dot\b"),
        (("triton-pipeline", "triton-compilation-pipeline"),),
        ("triton-ir", "triton"),
    ),
    ArtifactSpec(
        "triton-llvm-ir",
        "triton-llir-4096",
        "llvm-ir",
        (r"define .*@matmul_bias_gelu_kernel", r"@llvm\.nvvm\.", r"wgmma\.mma_async"),
        (("triton-overview", "backend-path-through-mlir"), ("triton-pipeline", "llvm-gpu-backend")),
        ("llvm-ir", "nvvm-ir", "nvptx"),
    ),
    ArtifactSpec(
        "triton-ptx",
        "triton-ptx-4096",
        "ptx",
        (r"^\.version", r"^\.target", r"\.entry matmul_bias_gelu_kernel", r"wgmma\.mma_async"),
        (
            ("triton-overview", "ptx-cubin"),
            ("triton-custom-op", "ptx-cubin"),
            ("triton-pipeline", "ptx-cubin-other-target"),
            ("ptx-position", "ptx"),
        ),
        ("ptx", "triton"),
    ),
    ArtifactSpec(
        "triton-sass",
        "triton-sass-4096",
        "sass",
        (r"code for sm_", r"Function : ", r"HGMMA"),
        (("ptx-position", "sass-cubin-native-code"), ("gelu-triton", "hand-write-fused-matmul")),
        ("sass", "cubin", "tensor-core"),
        sass=True,
    ),
    ArtifactSpec(
        "inductor-default-code",
        "inductor-default-code-4096",
        "inductor-code",
        (r"^triton_poi_fused_add_gelu_0 = async_compile", r"libdevice\.erf", r"extern_kernels\.mm\("),
        (
            ("pytorch-triton-codegen", "aotautograd-inductor-optimize"),
            ("gelu-torch-compile", "inductor-may-generate-fused"),
        ),
        ("inductor", "torch-compile", "triton"),
    ),
    ArtifactSpec(
        "inductor-max-autotune-code",
        "inductor-max-autotune-code-256",
        "inductor-code",
        (r"^triton_tem_fused_add_gelu_mm_0 = async_compile", r"tl\.dot\(", r"libdevice\.erf"),
        (("pytorch-triton-codegen", "triton-c-kernel-codegen"),),
        ("inductor", "triton"),
    ),
    ArtifactSpec(
        "inductor-ptx",
        "inductor-default-ptx-4096",
        "ptx",
        (r"^\.target", r"\.entry triton_poi_fused_add_gelu_0", r"ex2\.approx"),
        (("pytorch-triton-codegen", "ptx-cubin"),),
        ("ptx", "inductor"),
    ),
    ArtifactSpec(
        "inductor-template-sass",
        "inductor-max-autotune-sass-256",
        "sass",
        (r"code for sm_", r"Function : ", r"HGMMA"),
        (("basic-path", "generate-device-code"),),
        ("sass", "inductor"),
        sass=True,
    ),
    ArtifactSpec(
        "jax-jaxpr",
        "jax-jaxpr",
        "jaxpr",
        (r"lambda", r"dot_general", r"erfc"),
        (("jax-overview", "jaxpr-stablehlo-hlo"), ("jax-jit", "jaxpr"), ("gelu-jax", "jaxpr")),
        ("jaxpr", "jax"),
    ),
    ArtifactSpec(
        "jax-stablehlo",
        "jax-stablehlo-4096",
        "stablehlo",
        (r"func\.func public @main", r"stablehlo\.dot_general", r"erf"),
        (("jax-jit", "stablehlo-hlo"), ("gelu-jax", "stablehlo-hlo"), ("xla-pipeline", "hlo-stablehlo")),
        ("stablehlo", "xla"),
    ),
    ArtifactSpec(
        "jax-hlo-optimized",
        "jax-hlo-optimized-4096",
        "hlo",
        (r"^ENTRY", r"__cublas\$lt\$matmul", r"ROOT %loop_multiply_fusion", r"erfc"),
        (
            ("jax-overview", "call-cublas-cudnn-generate"),
            ("jax-jit", "library-call-generated-gpu"),
            ("xla-pipeline", "call-cublas-cudnn-generate"),
            ("gelu-jax", "xla-may-call-cublaslt"),
        ),
        ("hlo", "xla", "cublaslt"),
    ),
    ArtifactSpec(
        "jax-hlo-optimized-small",
        "jax-hlo-optimized-256",
        "hlo",
        (r"^ENTRY", r"%gemm_fusion_dot = ", r"__triton", r"ROOT %loop_"),
        (("xla-pipeline", "gpu-backend"),),
        ("hlo", "xla", "triton"),
    ),
    ArtifactSpec(
        "nvcc-ptx",
        "nvcc-ptx",
        "ptx",
        (r"^\.version", r"^\.target", r"\.entry gemm_bias_gelu", r"wmma\.mma\.sync"),
        (("cuda-cpp-direct", "host-code-fatbin-ptx"), ("option-handwritten-cuda", "hand-written-cuda-c")),
        ("ptx", "nvcc", "cuda-cpp"),
    ),
    ArtifactSpec(
        "nvcc-sass",
        "nvcc-sass",
        "sass",
        (r"code for sm_", r"Function : ", r"HMMA"),
        (("cuda-cpp-direct", "host-code-fatbin-ptx"),),
        ("sass", "cubin", "nvcc"),
        sass=True,
    ),
    ArtifactSpec(
        "nvcc-dryrun",
        "nvcc-dryrun",
        "nvcc-phases",
        (r"cicc\"? ", r"^#\$ ptxas", r"^#\$ fatbinary"),
        (("cuda-nvcc-build", "nvcc"), ("cuda-cpp-direct", "nvcc")),
        ("nvcc", "ptxas", "fatbin"),
    ),
    ArtifactSpec(
        "ptxas-resources",
        "nvcc-ptxas-v",
        "ptxas-report",
        (r"Compiling entry function", r"spill", r"Used \d+ registers"),
        (("ptx-position", "ptxas-cuda-driver-jit"),),
        ("ptxas",),
    ),
    ArtifactSpec(
        "fatbin-multi",
        "fatbin-multi-list",
        "fatbin-listing",
        (r"ELF file", r"PTX file"),
        (("cuda-nvcc-build", "fatbin-holds-ptx-cubin"), ("fatbin-matching-cubin", "fatbin-has-sm-90")),
        ("fatbin", "cuda-binary-utilities"),
        context=3,
    ),
    ArtifactSpec(
        "fatbin-default",
        "fatbin-default-list",
        "fatbin-listing",
        (r"ELF file", r"PTX file"),
        (("fatbin-ptx-jit", "fatbin-has-no-cubin"), ("basic-path", "driver-runtime-loads-launches")),
        ("fatbin", "ptx", "cuda-binary-utilities"),
    ),
    ArtifactSpec(
        "fatbin-ptx-only",
        "fatbin-ptx-only-list",
        "fatbin-listing",
        (r"PTX file", r"No ELF"),
        (("fatbin-ptx-jit", "cuda-driver-jit-ptx"),),
        ("cuda-driver-ptx-jit", "ptx"),
        facts=("first_call_ms_ptx_only_jit", "first_call_ms_cubin_sm90"),
    ),
    ArtifactSpec(
        "cupy-nvrtc-source",
        "cupy-nvrtc-source",
        "cuda-source",
        (r"__global__", r"erff"),
        (),
        ("nvrtc", "cupy"),
        context=1,
    ),
    ArtifactSpec(
        "profile-torch-eager",
        "table:torch-eager-4096",
        "profiler-table",
        (r"self GPU time", r"nvjet", r"CUDAFunctor_add", r"Gelu"),
        (("gelu-pytorch-eager", "each-op-runs-on"), ("pytorch-library-call", "gpu-gemm-kernel")),
        ("cublas", "torch-matmul"),
    ),
    ArtifactSpec(
        "profile-addmm-activation",
        "table:torch-addmm-activation-4096",
        "profiler-table",
        (r"self GPU time", r"gelubias"),
        (("gelu-cublaslt", "if-epilogue-supports-this"),),
        ("cublaslt", "cublaslt-matmul-descriptor"),
    ),
    ArtifactSpec(
        "cublas-kernel-choice",
        "kernels:torch-eager",
        "kernel-list",
        (r"M=N=K=",),
        (("cublas-call", "picks-highly-tuned-kernel"),),
        ("cublas",),
    ),
)


@dataclass(frozen=True)
class PathSpec:
    """One row of the measured comparison."""

    id: str
    chain: str | None
    tools: tuple[str, ...]


PATHS: tuple[PathSpec, ...] = (
    PathSpec("torch-eager", "gelu-pytorch-eager", ("pytorch", "torch-matmul", "cublas")),
    PathSpec(
        "torch-addmm-gelu",
        "gelu-pytorch-eager",
        ("pytorch", "cublaslt"),
    ),
    PathSpec(
        "torch-addmm-activation",
        "gelu-cublaslt",
        ("cublaslt", "pytorch"),
    ),
    PathSpec(
        "torch-compile-default",
        "gelu-torch-compile",
        ("torch-compile", "inductor", "triton"),
    ),
    PathSpec(
        "torch-compile-max-autotune",
        "gelu-torch-compile",
        ("torch-compile", "inductor", "triton"),
    ),
    PathSpec("triton-fused", "gelu-triton", ("triton",)),
    PathSpec("jax-jit", "gelu-jax", ("jax-jit", "xla")),
    PathSpec(
        "cupy-cublas-nvrtc",
        None,
        ("cupy", "cublas", "nvrtc"),
    ),
    PathSpec(
        "cuda-cpp-wmma",
        "option-handwritten-cuda",
        ("cuda-cpp", "nvcc"),
    ),
    PathSpec("tensorrt", "gelu-tensorrt", ("tensorrt",)),
    PathSpec(
        "onnxruntime-cuda",
        "gelu-onnx-runtime",
        ("onnx-runtime", "cuda-ep"),
    ),
)

# Paths the capture cannot run; data/measurements.yaml says why.
NOT_MEASURED = ("tensorrt", "onnxruntime-cuda")


# Which tool made each artifact: the evidence check accepts a step for it only when the step is
# about that tool (or a part of it, or what it generates) or about a tool the excerpt shows.
PRODUCED_BY: dict[str, str] = {
    "triton-ttir": "triton",
    "triton-ttgir": "triton",
    "triton-llvm-ir": "triton",
    "triton-ptx": "triton",
    "triton-sass": "triton",
    "inductor-default-code": "inductor",
    "inductor-max-autotune-code": "inductor",
    "inductor-ptx": "inductor",
    "inductor-template-sass": "inductor",
    "jax-jaxpr": "jax",
    "jax-stablehlo": "jax",
    "jax-hlo-optimized": "xla",
    "jax-hlo-optimized-small": "xla",
    "nvcc-ptx": "nvcc",
    "nvcc-sass": "nvcc",
    "nvcc-dryrun": "nvcc",
    "ptxas-resources": "ptxas",
    "fatbin-multi": "nvcc",
    "fatbin-default": "nvcc",
    "fatbin-ptx-only": "nvcc",
    "cupy-nvrtc-source": "cupy",
    "profile-torch-eager": "pytorch",
    "profile-addmm-activation": "pytorch",
    "cublas-kernel-choice": "pytorch",
}
