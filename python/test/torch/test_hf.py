"""patch_causal_lm on tiny Hugging Face models (random weights, built from
a config: nothing is downloaded): a patched model trains as the unpatched
one does, in float32, loss and every gradient within 1e-5, and never runs
its lm_head on the hidden states."""

import copy
import re

import pytest
import torch

from _helpers import relative_error
from lmhead.torch import kernels, patch_causal_lm

transformers = pytest.importorskip("transformers")

TOLERANCE = 1e-5


def tiny(name, **overrides):
    config_class = getattr(transformers, f"{name}Config")
    model_class = getattr(transformers, f"{name}ForCausalLM")
    settings = dict(vocab_size=96, hidden_size=32, intermediate_size=64,
                    num_hidden_layers=2, num_attention_heads=4,
                    num_key_value_heads=2, max_position_embeddings=64,
                    head_dim=8)
    settings.update(overrides)
    torch.manual_seed(0)
    return model_class(config_class(**settings)).float()


def batch(seed, vocab=96, size=(3, 11)):
    gen = torch.Generator().manual_seed(seed)
    ids = torch.randint(0, vocab, size, generator=gen)
    labels = ids.clone()
    labels[0, 7:] = -100  # padding
    labels[2, :3] = -100  # an unlabelled prompt
    mask = torch.ones_like(ids)
    mask[0, 7:] = 0
    return ids, mask, labels


def train_both(name, steps=4, num_items=False, **config):
    plain = tiny(name, **config)
    patched = patch_causal_lm(copy.deepcopy(plain))
    head_calls = []
    patched.lm_head.register_forward_hook(
        lambda *args: head_calls.append(1))
    # SGD keeps f32 rounding differences as small as they are; Adam's
    # normalisation would blow a 1e-9 gradient difference up to its step.
    optimizers = [torch.optim.SGD(m.parameters(), lr=0.2, momentum=0.9)
                  for m in (plain, patched)]
    worst = {"loss": 0.0, "grad": 0.0, "loss_change": 0.0}
    first_loss = None
    for step in range(steps):
        ids, mask, labels = batch(0)  # one batch, learnt step by step
        extra = {}
        if num_items:
            extra["num_items_in_batch"] = torch.tensor(
                int((labels[:, 1:] != -100).sum()) + 5)
        outputs = [m(input_ids=ids, attention_mask=mask, labels=labels,
                     **extra) for m in (plain, patched)]
        assert outputs[1].logits is None
        for out, optimizer in zip(outputs, optimizers):
            optimizer.zero_grad()
            out.loss.backward()
        worst["loss"] = max(worst["loss"], relative_error(
            outputs[1].loss, outputs[0].loss))
        if first_loss is None:
            first_loss = float(outputs[0].loss)
        worst["loss_change"] = first_loss - float(outputs[0].loss)
        for (key, a), (_, b) in zip(plain.named_parameters(),
                                    patched.named_parameters()):
            error = relative_error(b.grad, a.grad)
            assert error <= TOLERANCE, f"step {step}: {key}: {error:.3g}"
            worst["grad"] = max(worst["grad"], error)
        for optimizer in optimizers:
            optimizer.step()
    assert worst["loss"] <= TOLERANCE, worst
    assert worst["loss_change"] > 0.0, "the model did not train"
    assert head_calls == []
    return worst


def test_llama_trains_the_same():
    worst = train_both("Llama")
    print("llama", {k: f"{v:.2e}" for k, v in worst.items()})


def test_llama_tied_embeddings_and_num_items_in_batch():
    worst = train_both("Llama", num_items=True, tie_word_embeddings=True)
    print("llama tied", {k: f"{v:.2e}" for k, v in worst.items()})


def test_gemma2_logit_softcap():
    worst = train_both("Gemma2", final_logit_softcapping=2.0,
                       sliding_window=4)
    print("gemma2", {k: f"{v:.2e}" for k, v in worst.items()})


@pytest.mark.parametrize("num_items", [False, True])
def test_the_patched_models_default_step_is_the_one_pass_step(
        emulator, monkeypatch, capfd, num_items):
    # A bf16 model on lmhead's kernels (the emulator), as it trains on a
    # GPU: its default training step runs the head's forward and backward
    # as one launch of the one-pass step (the kernels of one
    # ce_linear_step, nothing of ce_linear_fwd or ce_linear_grad); for the
    # Trainer's sum / num_items_in_batch too. Its gradients are the
    # unpatched bf16 model's within bf16 rounding.
    monkeypatch.setenv("LMHEAD_EMULATOR_STATS", "1")
    plain = tiny("Llama").to(torch.bfloat16)
    patched = patch_causal_lm(copy.deepcopy(plain))
    ids, mask, labels = batch(0)
    extra = {}
    if num_items:
        extra["num_items_in_batch"] = torch.tensor(
            int((labels[:, 1:] != -100).sum()))
    runs = kernels.stats["runs"]
    capfd.readouterr()
    out = patched(input_ids=ids, attention_mask=mask, labels=labels, **extra)
    out.loss.backward()
    launched = re.findall(r"lmhead emulator: kernel (\S+):",
                          capfd.readouterr().err)
    assert kernels.stats["runs"] == runs + 1
    assert launched and all(k.startswith("ce_linear_step") for k in launched)
    assert any(k.endswith("_dw") or k.endswith("_dw_first")
               for k in launched), launched
    want = plain(input_ids=ids, attention_mask=mask, labels=labels, **extra)
    want.loss.backward()
    assert relative_error(out.loss, want.loss) <= 1e-2
    for (key, a), (_, b) in zip(plain.named_parameters(),
                                patched.named_parameters()):
        assert relative_error(b.grad, a.grad) <= 2e-2, key


def test_without_labels_the_model_is_unchanged():
    plain = tiny("Llama")
    patched = patch_causal_lm(copy.deepcopy(plain))
    assert patch_causal_lm(patched) is patched
    ids, mask, _ = batch(0)
    want = plain(input_ids=ids, attention_mask=mask).logits
    got = patched(input_ids=ids, attention_mask=mask).logits
    assert torch.equal(got, want)


def test_not_a_causal_lm():
    with pytest.raises(TypeError, match="nn.Linear `lm_head`"):
        patch_causal_lm(torch.nn.Linear(3, 4))
