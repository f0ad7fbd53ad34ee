"""The AMD side's compiler output, captured on any CPU machine: nothing here runs on a GPU.

Triton (from PyPI) compiles the GEMM+bias+GELU kernel of triton_gelu.py for AMD MI300 (gfx942)
and, with the same Triton, for Hopper (sm_90); clang compiles a HIP kernel to AMDGCN. Run in a
throwaway environment that has Triton (`make capture-amd`); `amd_import.py` turns the folder into data.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import shutil
import struct
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
HIP_SOURCE = HERE / "kernels" / "gemm_bias_gelu.hip"
CLANG = os.environ.get("AMD_CLANG", "clang-19")
# The 4096³ configuration of triton_gelu.config_for, as the GPU capture compiles it for sm_90.
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8}
SIGNATURE = {
    **dict.fromkeys(("a_ptr", "b_ptr", "bias_ptr", "c_ptr"), "*bf16"),
    **dict.fromkeys(
        ("M", "N", "K", "stride_am", "stride_ak", "stride_bk", "stride_bn", "stride_cm", "stride_cn"), "i32"
    ),
    **dict.fromkeys(CONSTEXPRS, "constexpr"),
}
# (name, target arguments, compile options): AMD's MI300 is gfx942 with 64-wide wavefronts.
TARGETS = (
    ("gfx942", ("hip", "gfx942", 64), {"num_warps": 8, "num_stages": 2}),
    ("sm90", ("cuda", 90, 32), {"num_warps": 8, "num_stages": 3}),
)
HIP_FLAGS = ["-x", "hip", "--offload-arch=gfx942", "--cuda-device-only", "-nogpulib", "-nogpuinc", "-O3"]


def _write(out: Path, stem: str, text: str, command: str, producer: str) -> None:
    (out / f"{stem}.txt").write_text(text)
    (out / f"{stem}.meta.json").write_text(json.dumps({"command": command, "producer": producer}, indent=1))


def elf_listing(data: bytes) -> str:
    """A readelf-like summary of an ELF code object: header, sections, symbols (no LLVM tools needed)."""
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return "not a 64-bit ELF file\n"
    (_type, machine, _v, _entry, _phoff, shoff, flags, _eh, _phes, _phn, shentsize, shnum, shstrndx) = (
        struct.unpack_from("<HHIQQQIHHHHHH", data, 16)
    )
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names = sections[shstrndx]

    def name_at(table, offset: int) -> str:
        start = table[4] + offset
        return data[start : data.index(b"\0", start)].decode()

    lines = [
        f"ELF64 code object: e_machine {machine} ({'EM_AMDGPU' if machine == 224 else 'other'}), "
        f"e_flags {flags:#x} (mach {flags & 0xFF:#x})",
        "sections:",
    ]
    symtab = strtab = None
    for sec in sections[1:]:
        name = name_at(names, sec[0])
        lines.append(f"  {name:<24} size {sec[5]:>8}")
        if name == ".symtab":
            symtab = sec
        if name == ".strtab":
            strtab = sec
    if symtab and strtab:
        lines.append("symbols:")
        for i in range(1, symtab[5] // 24):
            st_name, info, _other, _shndx, _value, size = struct.unpack_from("<IBBHQQ", data, symtab[4] + i * 24)
            kind = {0: "NOTYPE", 1: "OBJECT", 2: "FUNC", 3: "SECTION"}.get(info & 0xF, str(info & 0xF))
            if kind in ("OBJECT", "FUNC"):
                lines.append(f"  {kind:<7} {size:>6}  {name_at(strtab, st_name)}")
    return "\n".join(lines) + "\n"


def compile_triton(out: Path) -> dict:
    """The Triton kernel for each target: every stage Triton returns, plus SASS for sm_90."""
    os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")  # keeps Triton 3.9's warning out of the log
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from scripts.capture.triton_gelu import matmul_bias_gelu_kernel

    for name, target, options in TARGETS:
        source = ASTSource(fn=matmul_bias_gelu_kernel, signature=SIGNATURE, constexprs=CONSTEXPRS)
        compiled = triton.compile(source, target=GPUTarget(*target), options=options)
        command = (
            f"triton.compile(ASTSource(matmul_bias_gelu_kernel, constexprs={CONSTEXPRS}), "
            f"target=GPUTarget{target!r}, options={options!r})"
        )
        for key, value in compiled.asm.items():
            if key == "source":
                continue
            if isinstance(value, bytes):
                (out / f"triton-{name}.{key}").write_bytes(value)
                if key == "hsaco":
                    _write(
                        out,
                        f"triton-{name}-{key}",
                        elf_listing(value),
                        f"{command}.asm['hsaco']",
                        f"triton {triton.__version__}",
                    )
                continue
            _write(out, f"triton-{name}-{key}", value, f"{command}.asm[{key!r}]", f"triton {triton.__version__}")
        if "cubin" in compiled.asm:
            cuobjdump = Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "cuobjdump"
            cubin = out / f"triton-{name}.cubin"
            sass = subprocess.run([str(cuobjdump), "-sass", str(cubin)], capture_output=True, text=True, check=True)
            _write(
                out,
                f"triton-{name}-sass",
                sass.stdout,
                "cuobjdump -sass kernel.cubin  # Triton's bundled cuobjdump",
                "cuobjdump (Triton wheel)",
            )
    return {"triton": triton.__version__}


def compile_hip(out: Path) -> dict:
    """The HIP kernel through clang: LLVM IR, then AMDGCN assembly, for gfx942."""
    shown = "scripts/capture/kernels/gemm_bias_gelu.hip"
    for stem, extra in (("hip-gfx942-llvm-ir", ["-emit-llvm"]), ("hip-gfx942-amdgcn", [])):
        cmd = [CLANG, *HIP_FLAGS, "-S", *extra, str(HIP_SOURCE), "-o", "-"]
        result = subprocess.run(cmd, capture_output=True, text=True, check=True)
        _write(out, stem, result.stdout, " ".join([CLANG, *HIP_FLAGS, "-S", *extra, shown, "-o", "-"]), CLANG)
    version = subprocess.run([CLANG, "--version"], capture_output=True, text=True, check=True).stdout
    return {"clang": version.splitlines()[0]}


def run_amd_compile(outdir: Path, argv: list[str]) -> int:
    """Compile everything into `outdir` with a manifest of versions and host; never touches a GPU."""
    if shutil.which(CLANG) is None:
        print(f"{CLANG} not found: install it (Debian: apt-get install clang-19), or set AMD_CLANG")
        return 1
    outdir.mkdir(parents=True, exist_ok=True)
    versions = {**compile_triton(outdir), **compile_hip(outdir)}
    manifest = {
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "command": "python3 -m scripts.capture " + " ".join(argv),
        "host": f"{platform.system()} {platform.machine()}, CPU only (no GPU used; nothing was run on an AMD GPU)",
        "python": platform.python_version(),
        "versions": versions,
        "targets": {name: list(target) for name, target, _ in TARGETS},
    }
    (outdir / "manifest.json").write_text(json.dumps(manifest, indent=1))
    print(f"compiled for gfx942 and sm_90 into {outdir}")
    return 0
