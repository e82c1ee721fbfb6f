"""The retained-gradient fraction against a QR projection, on autograd's
own dZ, and the head's parameter groups."""

import pytest
import torch
import torch.nn.functional as F

from lmhead.torch import head_parameter_groups, retained_gradient_fraction


def autograd_dz(n=64, d=16, v=300, seed=0):
    """h, W and the dZ autograd gives for F.cross_entropy(h·Wᵀ, y), in
    float64, with some tokens ignored."""
    gen = torch.Generator().manual_seed(seed)
    h = torch.randn(n, d, generator=gen, dtype=torch.float64)
    w = torch.randn(v, d, generator=gen, dtype=torch.float64) / d ** 0.5
    y = torch.randint(0, v, (n,), generator=gen)
    y[::7] = -100
    logits = (h @ w.t()).requires_grad_()
    F.cross_entropy(logits, y).backward()
    return h, w, logits.grad


@pytest.mark.parametrize("layout", ["vd", "dv"])
def test_rho_against_a_qr_projection(layout):
    h, w, dz = autograd_dz()
    q, _ = torch.linalg.qr(w)  # orthonormal basis of W's column space
    want = (dz @ q).norm() / dz.norm()
    dh = dz @ w
    weight = w if layout == "vd" else w.t().contiguous()
    rho = retained_gradient_fraction(dh, weight, dz.square().sum(),
                                     weight_layout=layout)
    print(layout, f"rho {float(rho):.6f}, QR {float(want):.6f}")
    assert rho.dtype == torch.float64 and rho.dim() == 0
    assert abs(float(rho) - float(want)) <= 1e-10 * float(want)
    assert 0.0 < float(rho) < 1.0


def test_rho_of_random_directions_is_near_sqrt_d_over_v():
    gen = torch.Generator().manual_seed(1)
    w = torch.randn(2000, 20, generator=gen, dtype=torch.float64)
    dz = torch.randn(400, 2000, generator=gen, dtype=torch.float64)
    rho = retained_gradient_fraction(dz @ w, w, float(dz.square().sum()))
    assert abs(float(rho) ** 2 - 20 / 2000) < 0.002


def test_rho_of_a_rank_deficient_weight_is_nan():
    w = torch.ones(10, 4, dtype=torch.float64)
    dz = torch.randn(3, 10, dtype=torch.float64)
    assert torch.isnan(retained_gradient_fraction(dz @ w, w, 1.0))


def test_head_parameter_groups():
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Linear(8, 5))
    groups = head_parameter_groups(model, model[1], lr=1e-3,
                                   head_lr_scale=0.2, weight_decay=0.1)
    assert [g["lr"] for g in groups] == [1e-3, pytest.approx(2e-4)]
    assert {id(p) for p in groups[1]["params"]} == \
        {id(p) for p in model[1].parameters()}
    assert all(g["weight_decay"] == 0.1 for g in groups)
    torch.optim.AdamW(groups)  # a valid optimizer
    with pytest.raises(ValueError, match="head_lr_scale must be positive"):
        head_parameter_groups(model, model[1], lr=1e-3, head_lr_scale=0)
    with pytest.raises(ValueError, match="not the model's"):
        head_parameter_groups(model, torch.nn.Linear(2, 2), lr=1e-3)
