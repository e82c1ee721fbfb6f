#!/usr/bin/env python3
"""Make the Hugging Face fixtures of test/graphs: a transformers Llama training step.

Not part of CI: the fixtures it writes are committed, and CI only parses and lowers them.
Run it by hand when a fixture has to be remade (about a minute on 2 cores):

    python3.11 -m venv /tmp/graphs-venv
    /tmp/graphs-venv/bin/pip install torch==2.15.0 torch-mlir==20261001 transformers==5.24.0
    /tmp/graphs-venv/bin/python test/graphs/make_hf_graphs.py            # all fixtures
    /tmp/graphs-venv/bin/python test/graphs/make_hf_graphs.py --only hf_llama_train_step_f32

What it does, per fixture (as make_torch_graphs.py, whose helpers it uses):
 1. A tiny `transformers.LlamaForCausalLM` built from a `LlamaConfig` (random init, nothing
    downloaded: vocabulary 1024, hidden 64, MLP 128, 2 heads, 2 KV heads, eager attention,
    untied `lm_head`; 1 layer, or 4 for the benchmark fixture) and batch 2 x seq 64 with
    labels holding some -100. The training step is HF's own loss,
    `model(input_ids, labels=labels).loss`, returned as a 1-tuple by a wrapper module
    (`TrainStep`; aot_export_module takes positional inputs and wants a tuple of outputs), and
    traced by `aot_export_module(..., trace_joint=True, output_loss_index=0)` with the
    "native loss" decompositions of make_torch_graphs.py. HF's forward traces as it is: no
    change to transformers is needed. The loss is transformers' `ForCausalLMLoss`
    (loss/loss_utils.py): logits.float(), labels padded on the right with -100 and shifted by
    one (`labels[..., 1:]`), then `fixed_cross_entropy`: F.cross_entropy(ignore_index=-100)
    with reduction "mean", or, when `num_items_in_batch` is given (HF Trainer's form),
    reduction "sum" divided by num_items_in_batch.
 2. `torch_mlir.fx.stateless_fx_import(gm, output_type="linalg-on-tensors")`.
 3. `tm_tensor.scatter` (the embedding gradient) replaced by scf.for loops
    (scatter_to_loops.py); the script fails if any non-upstream op is left.
 4. The header and the two RUN lines of every fixture.

--check parses and lowers each fixture with lmhead-opt; --numerics runs it on the CPU
(run_on_cpu.py) and compares it with eager transformers on other weights than those traced.
"""

import contextlib
import os
import sys

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_torch_graphs import LOSS_NOTE as TORCH_LOSS_NOTE  # noqa: E402
from make_torch_graphs import (BATCH, D_MODEL, IGNORE_INDEX, PRECISION_NOTE, SEED,  # noqa: E402
                               SEQ, VOCAB, check_dialects, decomposition_table, header,
                               make_inputs, run_maker, versions)
from scatter_to_loops import replace_scatters  # noqa: E402

INTERMEDIATE = 128
N_HEAD = 2
N_KV_HEAD = 2

# name -> options
FIXTURES = {
    "hf_llama_train_step_f32": dict(layers=1, precision="f32", num_items=False),
    "hf_llama_train_step_bf16_autocast": dict(layers=1, precision="bf16-autocast",
                                              num_items=False),
    "hf_llama_train_step_num_items": dict(layers=1, precision="f32", num_items=True),
    "hf_llama4_train_step_f32": dict(layers=4, precision="f32", num_items=False),
}


def llama_config(layers):
    from transformers import LlamaConfig

    return LlamaConfig(vocab_size=VOCAB, hidden_size=D_MODEL, intermediate_size=INTERMEDIATE,
                       num_hidden_layers=layers, num_attention_heads=N_HEAD,
                       num_key_value_heads=N_KV_HEAD, max_position_embeddings=SEQ,
                       attn_implementation="eager", tie_word_embeddings=False)


def llama(layers, seed):
    from transformers import LlamaForCausalLM

    torch.manual_seed(seed)
    return LlamaForCausalLM(llama_config(layers))


class TrainStep(nn.Module):
    """HF's training loss as a 1-tuple: `model(input_ids, labels=labels[, num_items_in_batch=n])`.

    Only a wrapper: aot_export_module passes positional tensors and wants a tuple of outputs
    with the loss at output_loss_index.
    """

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, labels, *num_items_in_batch):
        kwargs = dict(num_items_in_batch=num_items_in_batch[0]) if num_items_in_batch else {}
        return (self.model(input_ids, labels=labels, **kwargs).loss,)


def step_inputs(num_items, micro_batches=1):
    """input_ids, labels (last 5 of each row -100) and, for Trainer's form, n as Trainer counts
    it: labels[..., 1:] != -100 summed (ForCausalLMLoss shifts the labels by one) over
    `micro_batches` gradient-accumulation micro-batches, all taken to be this one."""
    idx, labels = make_inputs()
    n = [micro_batches * labels[..., 1:].ne(IGNORE_INDEX).sum()] if num_items else []
    return [idx, labels, *n]


def precision_context(precision):
    return (torch.autocast("cpu", dtype=torch.bfloat16) if precision == "bf16-autocast"
            else contextlib.nullcontext())


def graph_inputs(model):
    """Parameters, then buffers, in the order aot_export_module lifts them."""
    return list(model.named_parameters()), list(model.named_buffers())


LOSS_NOTE = ("HF ForCausalLMLoss (transformers loss/loss_utils.py): logits.float(); labels "
             "padded on the right with -100 and shifted by one (labels[..., 1:]), so position "
             "i predicts label i+1 and the last position of each row is ignored; then "
             "fixed_cross_entropy: ")
MEAN_NOTE = "F.cross_entropy(logits.view(-1, V), shift_labels.view(-1), ignore_index=-100)"
SUM_NOTE = ("num_items_in_batch given, so F.cross_entropy(logits.view(-1, V), "
            "shift_labels.view(-1), ignore_index=-100, reduction='sum') / num_items_in_batch "
            "(HF Trainer passes n = the count of labels[..., 1:] != -100 over all "
            "gradient-accumulation micro-batches; traced with this batch's, {n})")


def trace(layers, precision, num_items):
    from importlib.metadata import version
    from torch._functorch.aot_autograd import aot_export_module

    model = llama(layers, SEED)
    inputs = step_inputs(num_items)
    with precision_context(precision):
        gm, sig = aot_export_module(TrainStep(model), inputs, trace_joint=True,
                                    output_loss_index=0,
                                    decompositions=decomposition_table("native"))
    params, buffers = graph_inputs(model)
    lifted = {**sig.inputs_to_parameters, **sig.inputs_to_buffers}
    placeholders = [p.name for p in gm.graph.find_nodes(op="placeholder")]
    assert [lifted.get(p) for p in placeholders] == \
        [f"model.{n}" for n, _ in params + buffers] + [None] * len(inputs)
    grad_of = {v: k for k, v in sig.backward_signature.gradients_to_parameters.items()}
    assert [grad_of[f"model.{n}"] for n, _ in params] == [
        str(a) for a in list(gm.graph.find_nodes(op="output"))[0].args[0][1:]]

    def t(x):
        return f"{tuple(x.shape)} {str(x.dtype).replace('torch.', '')}"

    args = [f"{n}: {t(p)}" for n, p in params]
    args += [f"{n}: {t(b)} (buffer: RoPE inverse frequencies"
             f"{'' if n.endswith('.inv_freq') else ', unused'})" for n, b in buffers]
    args += [f"input_ids: {t(inputs[0])}", f"labels: {t(inputs[1])}"]
    if num_items:
        args.append(f"num_items_in_batch: {t(inputs[2])}")
    results = [("loss: () float32 (sum over shifted labels != -100, divided by "
                "num_items_in_batch)") if num_items else
               "loss: () float32 (mean over shifted labels != -100)"]
    results += [f"grad {n}" for n, _ in params]
    shape = (f"transformers LlamaForCausalLM(LlamaConfig(vocab_size={VOCAB}, "
             f"hidden_size={D_MODEL}, intermediate_size={INTERMEDIATE}, "
             f"num_hidden_layers={layers}, num_attention_heads={N_HEAD}, "
             f"num_key_value_heads={N_KV_HEAD}, max_position_embeddings={SEQ}, "
             "attn_implementation='eager', tie_word_embeddings=False)), random init "
             f"(torch.manual_seed({SEED})), batch {BATCH} x seq {SEQ} (N = {BATCH * SEQ} "
             "tokens), LM head untied (lm_head, no bias)")
    step = ("model(input_ids, labels=labels, num_items_in_batch=n).loss" if num_items
            else "model(input_ids, labels=labels).loss")
    how = (f"aot_export_module(TrainStep(model), [input_ids, labels{', n' if num_items else ''}]"
           ", trace_joint=True, output_loss_index=0), TrainStep.forward returning "
           f"({step},) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')")
    loss_note = SUM_NOTE.format(n=int(inputs[2])) if num_items else MEAN_NOTE
    notes = [PRECISION_NOTE[precision], LOSS_NOTE + loss_note, TORCH_LOSS_NOTE["native"]]
    tools = f"{versions()}, transformers {version('transformers')}"
    return gm, dict(shape=shape, how=how, notes=notes, args=args, results=results), tools


def make(name):
    from torch_mlir import fx

    gm, info, tools = trace(**FIXTURES[name])
    module = fx.stateless_fx_import(gm, output_type="linalg-on-tensors", model_name="main")
    text = str(module)
    text, n_scatter = replace_scatters(text)
    check_dialects(text)
    return header(name, info, n_scatter, text, script="make_hf_graphs.py",
                  source="PyTorch and Hugging Face transformers", tools=tools) + text


def numerics(name, tool):
    """Runs the fixture on the CPU and compares it with eager transformers on fresh weights."""
    from run_on_cpu import compare, run

    opts = FIXTURES[name]
    model = llama(opts["layers"], 1)  # other weights than the traced ones
    # n of two micro-batches: dividing by n then differs from the mean over valid tokens.
    inputs = step_inputs(opts["num_items"], micro_batches=2)
    with precision_context(opts["precision"]):
        (loss,) = TrainStep(model)(*inputs)
    params, buffers = graph_inputs(model)
    grads = torch.autograd.grad(loss, [p for _, p in params])
    arrays = [x.detach().numpy() for _, x in params + buffers] + [x.numpy() for x in inputs]
    refs = [loss.detach().float().numpy()] + [g.float().numpy() for g in grads]
    names = ["loss"] + [f"grad {n}" for n, _ in params]
    print("  numerics against eager transformers:")
    compare(run(os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".mlir"),
                arrays, tool), refs, names)


if __name__ == "__main__":
    run_maker(__doc__.splitlines()[0], FIXTURES, make, numerics, "transformers")
