// A plain CUDA program for the emulated libcuda.so.1 and libcudart.so.13:
// two streams, events between them, asynchronous copies both ways through
// pinned memory, two kernels and a host-side check. Prints "PASSED".
//
// Built by nvcc with PTX only (-gencode arch=compute_80,code=compute_80,
// or compute_90a) and `-cudart shared`, and run with LD_LIBRARY_PATH set to
// the folder of the emulated driver (runtime/test/CMakeLists.txt).

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t error_ = (call);                                               \
    if (error_ != cudaSuccess) {                                               \
      std::printf("FAILED: %s: %s (%d)\n", #call, cudaGetErrorString(error_),  \
                  static_cast<int>(error_));                                   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

// y[i] = a * x[i] + y[i], with a grid-stride loop.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
}

// Block sums of x through shared memory (dynamic), one per block.
__global__ void blockSums(int n, const float *x, float *sums) {
  extern __shared__ float partial[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    sums[blockIdx.x] = partial[0];
}

int main() {
  const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, sm_%d%d, %d SMs\n", prop.name, prop.major,
              prop.minor, prop.multiProcessorCount);

  float *hostX, *hostY, *hostSums;
  CHECK(cudaMallocHost(&hostX, n * sizeof(float)));
  CHECK(cudaMallocHost(&hostY, n * sizeof(float)));
  CHECK(cudaMallocHost(&hostSums, blocks * sizeof(float)));
  for (int i = 0; i < n; ++i) {
    hostX[i] = static_cast<float>(i % 17);
    hostY[i] = static_cast<float>(i % 5);
  }
  float *x, *y, *sums;
  CHECK(cudaMalloc(&x, n * sizeof(float)));
  CHECK(cudaMalloc(&y, n * sizeof(float)));
  CHECK(cudaMalloc(&sums, blocks * sizeof(float)));

  cudaStream_t copies, compute;
  CHECK(cudaStreamCreateWithFlags(&copies, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&compute, cudaStreamNonBlocking));
  cudaEvent_t uploaded, start, done;
  CHECK(cudaEventCreateWithFlags(&uploaded, cudaEventDisableTiming));
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&done));

  // Upload on one stream, compute on the other once the upload is done,
  // then download on the first after the computation.
  CHECK(cudaMemcpyAsync(x, hostX, n * sizeof(float), cudaMemcpyHostToDevice,
                        copies));
  CHECK(cudaMemcpyAsync(y, hostY, n * sizeof(float), cudaMemcpyHostToDevice,
                        copies));
  CHECK(cudaEventRecord(uploaded, copies));
  CHECK(cudaStreamWaitEvent(compute, uploaded, 0));
  CHECK(cudaEventRecord(start, compute));
  saxpy<<<4, threads, 0, compute>>>(n, 2.0f, x, y);
  CHECK(cudaGetLastError());
  blockSums<<<blocks, threads, threads * sizeof(float), compute>>>(n, y, sums);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(done, compute));
  CHECK(cudaStreamWaitEvent(copies, done, 0));
  CHECK(cudaMemcpyAsync(hostY, y, n * sizeof(float), cudaMemcpyDeviceToHost,
                        copies));
  CHECK(cudaMemcpyAsync(hostSums, sums, blocks * sizeof(float),
                        cudaMemcpyDeviceToHost, copies));
  CHECK(cudaEventSynchronize(done));
  CHECK(cudaStreamSynchronize(copies));
  float milliseconds = 0;
  CHECK(cudaEventElapsedTime(&milliseconds, start, done));

  int errors = 0;
  for (int i = 0; i < n; ++i) {
    float expected = 2.0f * (i % 17) + (i % 5);
    if (hostY[i] != expected && errors++ < 5)
      std::printf("y[%d] = %g, expected %g\n", i, hostY[i], expected);
  }
  for (int b = 0; b < blocks; ++b) {
    float expected = 0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i)
      expected += 2.0f * (i % 17) + (i % 5);
    if (hostSums[b] != expected && errors++ < 10)
      std::printf("sums[%d] = %g, expected %g\n", b, hostSums[b], expected);
  }
  std::printf("kernels took %s time between the events\n",
              milliseconds > 0 ? "positive" : "NO");
  if (milliseconds <= 0)
    ++errors;

  CHECK(cudaEventDestroy(uploaded));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(done));
  CHECK(cudaStreamDestroy(copies));
  CHECK(cudaStreamDestroy(compute));
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  CHECK(cudaFree(sums));
  CHECK(cudaFreeHost(hostX));
  CHECK(cudaFreeHost(hostY));
  CHECK(cudaFreeHost(hostSums));
  std::printf(errors ? "FAILED: %d wrong values\n" : "PASSED\n", errors);
  return errors ? 1 : 0;
}
