// The epilogue alone, as an elementwise kernel: out = gelu(x + bias), exact (erf) GELU.
// Small and architecture-neutral, so one file can be built for several GPU targets
// to show what a fatbin holds (cuobjdump --list-elf / --list-ptx).
#include <cuda_bf16.h>

extern "C" __global__ void bias_gelu(const __nv_bfloat16* __restrict__ x,
                                     const __nv_bfloat16* __restrict__ bias,
                                     __nv_bfloat16* __restrict__ out, int rows, int cols) {
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)rows * cols) return;
    const float v = __bfloat162float(x[i]) + __bfloat162float(bias[i % cols]);
    out[i] = __float2bfloat16(0.5f * v * (1.0f + erff(v * 0.70710678118654752f)));
}
