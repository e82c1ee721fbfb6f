// A tiled tensor-core GEMM built by a transform-dialect schedule (from the
// project's MLIR 22 probes): 256x256x256, f16 x f16 -> f32, 64x64 block
// tiles, K step 32, 2x2 warps, A and B staged in shared memory (3 buffers)
// by cp.async in a 3-stage pipeline, ldmatrix + mma.sync m16n8k16. @main
// fills A and B with small integers (exact in f16), runs it, computes the
// same product on the CPU and prints the largest difference (0: every
// value agrees) and the top-left 4x8 corner.
// 256x256x256 GEMM, f16 x f16 -> f32, tensor input -> PTX (sm_80):
// 64x64 block tile, K-step 32, 2x2 warps (32x32 each), A/B staged in shared memory
// (multi-buffered x3), cp.async 3-stage software pipeline, ldmatrix + mma.sync m16n8k16.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %A = memref.alloc() : memref<256x256xf16>
  %B = memref.alloc() : memref<256x256xf16>
  %C = memref.alloc() : memref<256x256xf32>
  %zero = arith.constant 0.0 : f32
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c256 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %ij = arith.addi %i, %j : index
      %a0 = arith.muli %i, %c3 : index
      %a1 = arith.addi %a0, %j : index
      %a2 = arith.remui %a1, %c7 : index
      %ai = arith.index_cast %a2 : index to i32
      %af = arith.sitofp %ai : i32 to f16
      memref.store %af, %A[%i, %j] : memref<256x256xf16>
      %b0 = arith.muli %j, %c3 : index
      %b1 = arith.addi %b0, %i : index
      %b2 = arith.remui %b1, %c5 : index
      %bi = arith.index_cast %b2 : index to i32
      %bf = arith.sitofp %bi : i32 to f16
      memref.store %bf, %B[%i, %j] : memref<256x256xf16>
      memref.store %zero, %C[%i, %j] : memref<256x256xf32>
    }
  }
  %Au = memref.cast %A : memref<256x256xf16> to memref<*xf16>
  %Bu = memref.cast %B : memref<256x256xf16> to memref<*xf16>
  %Cu = memref.cast %C : memref<256x256xf32> to memref<*xf32>
  gpu.host_register %Au : memref<*xf16>
  gpu.host_register %Bu : memref<*xf16>
  gpu.host_register %Cu : memref<*xf32>
  call @matmul(%A, %B, %C) : (memref<256x256xf16>, memref<256x256xf16>, memref<256x256xf32>) -> ()
  // The same product on the CPU, and the largest difference from it.
  %ref = memref.alloc() : memref<256x256xf32>
  %diff = memref.alloc() : memref<1xf32>
  memref.store %zero, %diff[%c0] : memref<1xf32>
  scf.for %i = %c0 to %c256 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %sum = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<256x256xf16>
        %b = memref.load %B[%k, %j] : memref<256x256xf16>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      %got = memref.load %C[%i, %j] : memref<256x256xf32>
      %d = arith.subf %got, %sum : f32
      %ad = math.absf %d : f32
      %m = memref.load %diff[%c0] : memref<1xf32>
      %nm = arith.maximumf %m, %ad : f32
      memref.store %nm, %diff[%c0] : memref<1xf32>
    }
  }
  %diffu = memref.cast %diff : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%diffu) : (memref<*xf32>) -> ()
  %sub = memref.subview %C[0, 0] [4, 8] [1, 1] : memref<256x256xf32> to memref<4x8xf32, strided<[256, 1]>>
  %subu = memref.cast %sub : memref<4x8xf32, strided<[256, 1]>> to memref<*xf32>
  call @printMemrefF32(%subu) : (memref<*xf32>) -> ()
  return
}

func.func @matmul(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  %a = bufferization.to_tensor %A restrict : memref<256x256xf16> to tensor<256x256xf16>
  %b = bufferization.to_tensor %B restrict : memref<256x256xf16> to tensor<256x256xf16>
  %c = bufferization.to_tensor %C restrict writable : memref<256x256xf32> to tensor<256x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf16>, tensor<256x256xf16>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<256x256xf32>, memref<256x256xf32>) -> ()
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // ---- (1) tensor level: block tiling, K tiling, shared-memory promotion, warp tiling, MMA vectorization
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t_blk, %f_blk = transform.structured.tile_using_forall %mm tile_sizes [64, 64]
        (mapping = [#gpu.block<y>, #gpu.block<x>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t_k, %l_k = transform.structured.tile_using_for %t_blk tile_sizes [0, 0, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a = transform.get_operand %t_k[0] : (!transform.any_op) -> !transform.any_value
    %b = transform.get_operand %t_k[1] : (!transform.any_op) -> !transform.any_value
    %pa = transform.structured.promote_tensor to #gpu.address_space<workgroup> %a : !transform.any_value
    %pb = transform.structured.promote_tensor to #gpu.address_space<workgroup> %b : !transform.any_value
    %t_w, %f_w = transform.structured.tile_using_forall %t_k tile_sizes [32, 32]
        (mapping = [#gpu.warp<linear_dim_1>, #gpu.warp<linear_dim_0>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %t_w {create_named_contraction} : !transform.any_op
    %func = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.vector.fold_arith_extension   // extf folded into mixed-precision vector.contract
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    // ---- (2) bufferize: typed workgroup memref.alloc + linalg.copy for the promotions
    %bf = transform.bufferization.one_shot_bufferize %func {memcpy_op = "linalg.copy"} : (!transform.any_op) -> !transform.any_op
    transform.apply_cse to %bf : !transform.any_op   // CSE first so self-copies become erasable
    transform.apply_patterns to %bf { transform.apply_patterns.canonicalization } : !transform.any_op
    // ---- (2b) hoist shared allocs out of the K loop (but not out of the block forall), multi-buffer x3
    %kl = transform.structured.match ops{["scf.for"]} in %bf : (!transform.any_op) -> !transform.any_op
    %blk = transform.get_parent_op %kl {op_name = "scf.forall"} : (!transform.any_op) -> !transform.any_op
    transform.bufferization.buffer_loop_hoisting %blk : !transform.any_op
    %allocs = transform.structured.match ops{["memref.alloc"]} in %bf : (!transform.any_op) -> !transform.op<"memref.alloc">
    %mb = transform.memref.multibuffer %allocs {factor = 3 : i64, skip_analysis} : (!transform.op<"memref.alloc">) -> !transform.any_op
    // ---- (3) distribute global->shared copies: 128 threads, 2x8 f16 (2 x 16 B) per thread
    %copies = transform.structured.match ops{["linalg.copy"]} in %bf : (!transform.any_op) -> !transform.any_op
    %cA, %cB = transform.split_handle %copies : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tcA, %fcA = transform.structured.tile_using_forall %cA num_threads [32, 4]
        (mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tcB, %fcB = transform.structured.tile_using_forall %cB num_threads [16, 8]
        (mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %tcA vector_sizes [2, 8] : !transform.any_op
    transform.structured.vectorize %tcB vector_sizes [2, 8] : !transform.any_op
    // ---- (4) unroll warp-level contraction to native mma.sync m16n8k16
    transform.apply_patterns to %bf {
      transform.apply_patterns.gpu.unroll_vectors_subgroup_mma [16, 8, 16]
    } : !transform.any_op
    // ---- (5) shared allocs -> alloca: needs alloc/dealloc pairs in one block, so insert deallocs with
    //      the upstream deallocation pipeline *before* gpu.barrier / nvgpu ops exist (they have unknown effects)
    %f5 = transform.apply_registered_pass "buffer-deallocation-pipeline" to %bf : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f5 {
      transform.apply_patterns.memref.alloc_to_alloca size_limit(65536)
    } : !transform.any_op
    // ---- (6) forall -> gpu.launch (blocks) and gpu.thread_id (warps / threads)
    %launch = transform.gpu.map_forall_to_blocks %f5 generate_gpu_launch : (!transform.any_op) -> !transform.any_op
    transform.gpu.map_nested_forall_to_threads %launch block_dims = [128, 1, 1] : (!transform.any_op) -> !transform.any_op
    %f6 = transform.structured.match ops{["func.func"]} attributes{sym_name = "matmul"} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f6 { transform.apply_patterns.canonicalization } : !transform.any_op
    transform.apply_cse to %f6 : !transform.any_op
    // ---- (7) workgroup allocas -> memref.global (addrspace 3) + memref.get_global inside the launch
    %allocas = transform.structured.match ops{["memref.alloca"]} in %f6 : (!transform.any_op) -> !transform.op<"memref.alloca">
    %gg, %glob = transform.memref.alloca_to_global %allocas : (!transform.op<"memref.alloca">) -> (!transform.any_op, !transform.any_op)
    %align = transform.param.constant 128 : i64 -> !transform.param<i64>
    transform.annotate %glob "alignment" = %align : !transform.any_op, !transform.param<i64>
    // ---- (8) warp-level vector.transfer_read/contract -> nvgpu.ldmatrix + nvgpu.mma.sync
    %f7 = transform.apply_registered_pass "convert-vector-to-gpu" with options = {"use-nvgpu" = true} to %f6
        : (!transform.any_op) -> !transform.any_op
    // ---- (9) copies -> 1-D vector.load/store -> nvgpu.device_async_copy (cp.async, 16 B, bypass L1)
    transform.apply_patterns to %f7 {
      transform.apply_patterns.vector.transfer_to_scf max_transfer_rank = 1 full_unroll = true
      transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
      transform.apply_patterns.memref.fold_memref_alias_ops
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    %f8 = transform.nvgpu.create_async_groups %f7 {bypass_l1} : (!transform.any_op) -> !transform.any_op
    transform.apply_cse to %f8 : !transform.any_op
    // ---- (10) 3-stage software pipeline of the shared-memory copies over the K loop
    %kloop = transform.structured.match ops{["scf.for"]} in %f8 : (!transform.any_op) -> !transform.op<"scf.for">
    %pipelined = transform.nvgpu.pipeline_shared_memory_copies failures(propagate) %kloop { depth = 3, peel_epilogue }
        : (!transform.op<"scf.for">) -> !transform.any_op
    transform.yield
  }
}
