"""TRPO-style updates on a tiny policy: the KL helper's value is differentiated twice (multi-file)."""
import os

import torch

import probe
from trpo_actor import GaussianActor
from trpo_update import TrustRegion

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    actor = GaussianActor(4, 2).to(DEVICE)
    trust_region = TrustRegion()
    losses = []
    for _ in range(5):
        obs = torch.randn(16, 4).to(DEVICE)
        actions = torch.randn(16, 2).to(DEVICE)
        advantages = torch.randn(16).to(DEVICE)
        losses.append(trust_region.step(actor, obs, actions, advantages))
        probe.measure()
    probe.record("losses", losses)
    probe.record("actor", actor)


if __name__ == "__main__":
    main()
