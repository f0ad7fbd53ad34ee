"""Capture what the GPU tools really produce (timings, kernels, compiler output) for the evidence pages.

`python3 -m scripts.capture gpu OUTDIR` runs on a GPU machine; `cpu` and `import` run anywhere.
"""
