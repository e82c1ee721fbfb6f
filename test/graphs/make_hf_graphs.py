#!/usr/bin/env python3
"""Make the Hugging Face fixtures of test/graphs: transformers Llama and Gemma 2 training steps.

Not part of CI: the fixtures it writes are committed, and CI only parses and lowers them.
Run it by hand when a fixture has to be remade (about a minute on 2 cores):

    python3.11 -m venv /tmp/graphs-venv
    /tmp/graphs-venv/bin/pip install torch==2.15.0 torch-mlir==20261001 transformers==5.24.0
    /tmp/graphs-venv/bin/python test/graphs/make_hf_graphs.py            # all fixtures
    /tmp/graphs-venv/bin/python test/graphs/make_hf_graphs.py --only hf_llama_train_step_f32

What it does, per fixture (as make_torch_graphs.py, whose helpers it uses):
 1. A tiny `transformers.LlamaForCausalLM` built from a `LlamaConfig` (random init, nothing
    downloaded: vocabulary 1024, hidden 64, MLP 128, 2 heads, 2 KV heads, eager attention,
    untied `lm_head`; 1 layer, or 4 for the benchmark fixture), or a
    `transformers.Gemma2ForCausalLM` of the same sizes (1 layer, head_dim 32,
    query_pre_attn_scalar 32, sliding_window 64, final_logit_softcapping 30: the logits
    [B, S, V] are soft-capped, tanh(logits / 30) * 30, before the loss flattens them; `lm_head`
    untied, or tied to the embedding as Gemma's default is), and batch 2 x seq 64 with
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
    Tied head: transformers ties by registering one Parameter under two names
    (model.embed_tokens.weight and lm_head.weight); aot_export_module lifts parameters by
    name, so it would make that Parameter two graph inputs with a gradient each, summed
    outside the graph (the untied graph). The traced model's `lm_head` is therefore
    `TiedLMHead`, F.linear(x, embed_tokens.weight): one weight read twice, whose two
    gradients the graph adds (as make_torch_graphs.py's tied GPT-2). --numerics compares
    with the model as transformers builds it, shared Parameter and all.
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
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_torch_graphs import LOSS_NOTE as TORCH_LOSS_NOTE  # noqa: E402
from make_torch_graphs import (BATCH, D_MODEL, IGNORE_INDEX, PRECISION_NOTE, SEED,  # noqa: E402
                               SEQ, SOFTCAP, VOCAB, check_dialects, decomposition_table,
                               header, make_inputs, run_maker, versions)
from scatter_to_loops import replace_scatters  # noqa: E402

INTERMEDIATE = 128
N_HEAD = 2
N_KV_HEAD = 2
HEAD_DIM = D_MODEL // N_HEAD  # Gemma 2 takes it in its config (Llama derives it)

# name -> options (arch "llama" and an untied head unless said)
FIXTURES = {
    "hf_llama_train_step_f32": dict(layers=1, precision="f32", num_items=False),
    "hf_llama_train_step_bf16_autocast": dict(layers=1, precision="bf16-autocast",
                                              num_items=False),
    "hf_llama_train_step_num_items": dict(layers=1, precision="f32", num_items=True),
    "hf_llama4_train_step_f32": dict(layers=4, precision="f32", num_items=False),
    "hf_gemma2_train_step_f32": dict(arch="gemma2", layers=1, precision="f32",
                                     num_items=False),
    "hf_gemma2_train_step_f32_tied": dict(arch="gemma2", layers=1, precision="f32",
                                          num_items=False, tied=True),
}

SOFTCAP_NOTE = (f"Gemma2ForCausalLM soft-caps the logits [B, S, V] before the loss flattens "
                f"them: logits = logits / {SOFTCAP}; logits = torch.tanh(logits); logits = "
                f"logits * {SOFTCAP} (final_logit_softcapping); the attention scores are "
                "soft-capped too (attn_logit_softcapping, 50.0 by default)")

# arch -> the transformers model and config classes, the config options beyond the sizes
# every fixture shares (printed in the header in this order), and notes for the header.
ARCHS = {
    "llama": dict(model="LlamaForCausalLM", config="LlamaConfig", options={}, notes=[]),
    "gemma2": dict(model="Gemma2ForCausalLM", config="Gemma2Config",
                   options=dict(head_dim=HEAD_DIM, query_pre_attn_scalar=HEAD_DIM,
                                sliding_window=SEQ, final_logit_softcapping=SOFTCAP),
                   notes=[SOFTCAP_NOTE]),
}

# What the buffers that aot_export_module lifts after the parameters are.
BUFFERS = {
    "inv_freq": "RoPE inverse frequencies",
    "original_inv_freq": "RoPE inverse frequencies, unused",
    "embed_scale": "Gemma's embedding scale sqrt(hidden_size)",
}


def config_options(arch, layers, tied):
    """The options of the tiny model's config, in the order the header prints them."""
    return dict(vocab_size=VOCAB, hidden_size=D_MODEL, intermediate_size=INTERMEDIATE,
                num_hidden_layers=layers, num_attention_heads=N_HEAD,
                num_key_value_heads=N_KV_HEAD, **ARCHS[arch]["options"],
                max_position_embeddings=SEQ, attn_implementation="eager",
                tie_word_embeddings=tied)


def hf_model(arch, layers, tied, seed):
    """The model as transformers builds it (a tied head shares the embedding's Parameter)."""
    import transformers

    torch.manual_seed(seed)
    config = getattr(transformers, ARCHS[arch]["config"])(**config_options(arch, layers, tied))
    return getattr(transformers, ARCHS[arch]["model"])(config)


class TiedLMHead(nn.Module):
    """A tied LM head that reads the embedding's weight: F.linear(x, embed_tokens.weight).

    transformers ties by registering one Parameter under two names; aot_export_module lifts
    parameters by name (named_parameters(remove_duplicate=False)) and so would trace that
    Parameter as two inputs with a gradient each, summed outside the graph. With this head the
    weight is registered once and read twice, and the graph adds its two gradients. The
    embedding is held in a tuple, not as a submodule, so that its weight is listed once.
    """

    def __init__(self, embedding):
        super().__init__()
        self.embedding = (embedding,)

    def forward(self, x):
        return F.linear(x, self.embedding[0].weight)


def traced_model(arch, layers, tied, seed):
    """hf_model with a tied head replaced by TiedLMHead: the model that is traced."""
    model = hf_model(arch, layers, tied, seed)
    if tied:
        assert model.lm_head.weight is model.get_input_embeddings().weight
        model.lm_head = TiedLMHead(model.get_input_embeddings())
    return model


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


def trace(layers, precision, num_items, arch="llama", tied=False):
    from importlib.metadata import version
    from torch._functorch.aot_autograd import aot_export_module

    model = traced_model(arch, layers, tied, SEED)
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
    args += [f"{n}: {t(b)} (buffer: {BUFFERS[n.rsplit('.', 1)[1]]})" for n, b in buffers]
    args += [f"input_ids: {t(inputs[0])}", f"labels: {t(inputs[1])}"]
    if num_items:
        args.append(f"num_items_in_batch: {t(inputs[2])}")
    capped = ", of the soft-capped logits" if ARCHS[arch]["notes"] else ""
    results = [("loss: () float32 (sum over shifted labels != -100, divided by "
                "num_items_in_batch)") if num_items else
               f"loss: () float32 (mean over shifted labels != -100{capped})"]
    results += [f"grad {n}" for n, _ in params]
    config = ", ".join(f"{k}={v!r}" for k, v in config_options(arch, layers, tied).items())
    head = ("tied to model.embed_tokens.weight (traced as TiedLMHead: F.linear(x, "
            "embed_tokens.weight))" if tied else "untied (lm_head, no bias)")
    shape = (f"transformers {ARCHS[arch]['model']}({ARCHS[arch]['config']}({config})), "
             f"random init (torch.manual_seed({SEED})), batch {BATCH} x seq {SEQ} "
             f"(N = {BATCH * SEQ} tokens), LM head {head}")
    step = ("model(input_ids, labels=labels, num_items_in_batch=n).loss" if num_items
            else "model(input_ids, labels=labels).loss")
    how = (f"aot_export_module(TrainStep(model), [input_ids, labels{', n' if num_items else ''}]"
           ", trace_joint=True, output_loss_index=0), TrainStep.forward returning "
           f"({step},) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')")
    loss_note = SUM_NOTE.format(n=int(inputs[2])) if num_items else MEAN_NOTE
    notes = [PRECISION_NOTE[precision], *ARCHS[arch]["notes"], LOSS_NOTE + loss_note,
             TORCH_LOSS_NOTE["native"]]
    if tied:
        notes.append("transformers ties lm_head.weight to model.embed_tokens.weight by "
                     "registering one Parameter under both names; aot_export_module would "
                     "lift it as two inputs with a gradient each (the untied graph), so the "
                     "traced model's lm_head is TiedLMHead, F.linear(x, "
                     "embed_tokens.weight): the weight is one input, read by the embedding "
                     "and the head, and its gradient is the sum of the two")
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
    # Other weights than the traced ones; a tied head shares the Parameter, as transformers
    # builds it (not TiedLMHead).
    model = hf_model(opts.get("arch", "llama"), opts["layers"], opts.get("tied", False), 1)
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
