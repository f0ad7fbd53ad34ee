// C = gelu(A @ B + bias) in one kernel: a WMMA (Tensor Core) tiled GEMM whose epilogue
// adds the bias and applies the exact (erf) GELU before the single bf16 store.
// Written for clarity, not speed: no cuBLAS, no software pipelining, no wgmma.
#include <cuda_bf16.h>
#include <mma.h>
#ifndef __CUDACC_RTC__  // NVRTC compiles the kernel alone: no runtime API, no host code
#include <cuda_runtime.h>
#endif

using namespace nvcuda;

constexpr int BM = 128, BN = 128, BK = 32, PAD = 8, THREADS = 256;

__device__ __forceinline__ float gelu_erf(float x) {
    return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f));
}

// Row-major A (M x K), B (K x N), bias (N), C (M x N); M, N multiples of 128, K of 32.
extern "C" __global__ void __launch_bounds__(THREADS)
gemm_bias_gelu(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
               const __nv_bfloat16* __restrict__ bias, __nv_bfloat16* __restrict__ C,
               int M, int N, int K) {
    __shared__ __align__(32) __nv_bfloat16 As[BM][BK + PAD];
    __shared__ __align__(32) __nv_bfloat16 Bs[BK][BN + PAD];
    __shared__ __align__(32) float scratch[THREADS / 32][16 * 16];

    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm = warp / 2, wn = warp % 2;  // 4 x 2 warps, each owns a 32 x 64 tile
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][4];
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

    for (int k0 = 0; k0 < K; k0 += BK) {
        // 16-byte loads: 8 bf16 per thread per step.
        for (int i = tid; i < BM * BK / 8; i += THREADS) {
            const int r = i / (BK / 8), c = (i % (BK / 8)) * 8;
            *reinterpret_cast<uint4*>(&As[r][c]) =
                *reinterpret_cast<const uint4*>(&A[(size_t)(row0 + r) * K + k0 + c]);
        }
        for (int i = tid; i < BK * BN / 8; i += THREADS) {
            const int r = i / (BN / 8), c = (i % (BN / 8)) * 8;
            *reinterpret_cast<uint4*>(&Bs[r][c]) =
                *reinterpret_cast<const uint4*>(&B[(size_t)(k0 + r) * N + col0 + c]);
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a[2];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b[4];
#pragma unroll
            for (int i = 0; i < 2; ++i) wmma::load_matrix_sync(a[i], &As[wm * 32 + i * 16][kk], BK + PAD);
#pragma unroll
            for (int j = 0; j < 4; ++j) wmma::load_matrix_sync(b[j], &Bs[kk][wn * 64 + j * 16], BN + PAD);
#pragma unroll
            for (int i = 0; i < 2; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }

    // Epilogue: bias + GELU in fp32 registers, then one bf16 store per element.
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            wmma::store_matrix_sync(scratch[warp], acc[i][j], 16, wmma::mem_row_major);
            __syncwarp();
            for (int e = lane; e < 256; e += 32) {
                const int gr = row0 + wm * 32 + i * 16 + e / 16;
                const int gc = col0 + wn * 64 + j * 16 + e % 16;
                const float v = scratch[warp][e] + __bfloat162float(bias[gc]);
                C[(size_t)gr * N + gc] = __float2bfloat16(gelu_erf(v));
            }
            __syncwarp();
        }
}

#ifndef __CUDACC_RTC__
// Host entry point for ctypes: launches on the caller's stream, returns the CUDA error code.
extern "C" int launch_gemm_bias_gelu(const void* A, const void* B, const void* bias, void* C,
                                     int M, int N, int K, void* stream) {
    if (M % BM || N % BN || K % BK) return (int)cudaErrorInvalidValue;
    dim3 grid(N / BN, M / BM);
    gemm_bias_gelu<<<grid, THREADS, 0, (cudaStream_t)stream>>>(
        (const __nv_bfloat16*)A, (const __nv_bfloat16*)B, (const __nv_bfloat16*)bias,
        (__nv_bfloat16*)C, M, N, K);
    return (int)cudaGetLastError();
}
#endif
