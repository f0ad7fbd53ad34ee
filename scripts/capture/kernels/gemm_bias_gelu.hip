// C = gelu(A @ B + bias) in HIP device code, one output element per work-item: the kernel the
// AMD capture compiles with Debian's clang for gfx942 (MI300). No HIP headers are needed:
// __global__ is written as the attribute it stands for, and thread indices come from the
// __builtin_amdgcn_* work-item builtins that hipThreadIdx_x and friends expand to.
#define KERNEL extern "C" __attribute__((global)) __attribute__((amdgpu_flat_work_group_size(1, 256)))

__attribute__((device)) static inline float gelu_tanh(float x) {
    // GELU's tanh form, tanh(y) = 1 - 2 / (exp(2y) + 1): exp lowers to v_exp_f32 with no device library.
    float y = 0.7978845608f * (x + 0.044715f * x * x * x);
    float t = 1.0f - 2.0f / (__builtin_expf(2.0f * y) + 1.0f);
    return 0.5f * x * (1.0f + t);
}

KERNEL void gemm_bias_gelu(const float* __restrict__ a, const float* __restrict__ b,
                           const float* __restrict__ bias, float* __restrict__ c, int m, int n, int k) {
    int col = __builtin_amdgcn_workgroup_id_x() * 16 + __builtin_amdgcn_workitem_id_x();
    int row = __builtin_amdgcn_workgroup_id_y() * 16 + __builtin_amdgcn_workitem_id_y();
    if (row >= m || col >= n) return;
    float acc = 0.0f;
    for (int i = 0; i < k; ++i) acc += a[row * k + i] * b[i * n + col];
    c[row * n + col] = gelu_tanh(acc + bias[col]);
}
