"""``patch_causal_lm``: a Hugging Face causal LM's training loss through
lmhead, without its logits.

A patched model, called with ``labels`` (or ``shift_labels``), runs its
decoder, then :func:`lmhead.torch.linear_cross_entropy` on the last hidden
states and the ``lm_head`` weight, with the labels shifted as the model's
own ``ForCausalLMLoss`` shifts them (each position predicts the next token;
the last predicts nothing, −100), ``ignore_index`` −100, the mean over
the tokens not ignored, or with ``num_items_in_batch`` (as the Trainer
passes it under gradient accumulation) the sum divided by it. A model
whose config has ``final_logit_softcapping`` (Gemma-2) gets that soft-cap.
The output's ``logits`` is None then: they were never made. Called without
labels, the model runs as before.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect

import torch

from .loss import linear_cross_entropy
from .ops import check_schedule

__all__ = ["patch_causal_lm"]

# Arguments of a causal LM's forward that only its loss or logits read.
_LOSS_ARGUMENTS = ("labels", "shift_labels", "num_items_in_batch",
                   "ignore_index", "logits_to_keep", "return_dict")


def patch_causal_lm(model: torch.nn.Module,
                    schedule: str = "auto") -> torch.nn.Module:
    """Makes ``model`` (a transformers ``*ForCausalLM``: Llama, Mistral,
    Qwen2, Gemma, ...) compute its training loss with lmhead; returns it.

    The model must have an ``lm_head`` (nn.Linear) and its decoder under
    ``base_model_prefix`` (``model.model``). Patching twice does nothing.
    ``schedule`` is :func:`linear_cross_entropy`'s: by default a training
    step runs the one-pass step where the cost model predicts it faster.
    """
    check_schedule(schedule)
    if getattr(model, "_lmhead_patched", False):
        return model
    head = getattr(model, "lm_head", None)
    prefix = getattr(model, "base_model_prefix", None)
    decoder = getattr(model, prefix, None) if prefix else None
    if not isinstance(head, torch.nn.Linear) or decoder is None:
        raise TypeError(
            f"patch_causal_lm needs a Hugging Face causal LM with an "
            f"nn.Linear `lm_head` and its decoder as `model.<base_model_"
            f"prefix>`; {type(model).__name__} has "
            f"lm_head={type(head).__name__}, base_model_prefix={prefix!r}")
    original = model.forward
    parameters = [p for p in inspect.signature(original).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    positional = [p.name for p in parameters]

    @functools.wraps(original)
    def forward(*args, **kwargs):
        named = dict(zip(positional, args))
        if len(args) > len(positional):
            raise TypeError(f"{type(model).__name__}.forward takes at most "
                            f"{len(positional)} positional arguments")
        named.update(kwargs)
        labels = named.get("labels")
        shift_labels = named.get("shift_labels")
        if labels is None and shift_labels is None:
            return original(*args, **kwargs)
        return _training_forward(model, decoder, head, named, schedule)

    model.forward = forward
    model._lmhead_patched = True
    return model


def _training_forward(model, decoder, head, named, schedule):
    labels = named.pop("labels", None)
    shift_labels = named.pop("shift_labels", None)
    num_items = named.pop("num_items_in_batch", None)
    ignore_index = named.pop("ignore_index", -100)
    return_dict = named.pop("return_dict", None)
    named.pop("logits_to_keep", None)
    outputs = decoder(**named)
    hidden = outputs[0]
    if shift_labels is None:
        # As ForCausalLMLoss: pad on the right, then drop the first.
        shift_labels = torch.nn.functional.pad(labels, (0, 1),
                                               value=ignore_index)[..., 1:]
    softcap = getattr(model.config, "final_logit_softcapping", None) or None
    loss = linear_cross_entropy(
        hidden, head.weight, shift_labels.to(hidden.device), head.bias,
        ignore_index=ignore_index,
        reduction="mean" if num_items is None else "sum", softcap=softcap,
        schedule=schedule)
    if num_items is not None:
        if torch.is_tensor(num_items):
            num_items = num_items.to(loss.device)
        loss = loss / num_items
    result = _output(model, loss, outputs)
    return result.to_tuple() if return_dict is False else result


def _output(model, loss, outputs):
    """A CausalLMOutputWithPast of the loss and the decoder's outputs."""
    from transformers.modeling_outputs import CausalLMOutputWithPast

    fields = {f.name for f in dataclasses.fields(CausalLMOutputWithPast)}
    values = {"loss": loss, "logits": None}
    for name in fields - values.keys():
        if hasattr(outputs, name):
            values[name] = getattr(outputs, name)
    return CausalLMOutputWithPast(**values)
