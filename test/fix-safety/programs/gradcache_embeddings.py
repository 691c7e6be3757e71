"""Contrastive training over a batch larger than one forward pass.

Embeddings of four micro-batches are collected in a list, concatenated, and the contrastive loss
over all of them is backpropagated once: the list must keep each micro-batch's graph.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
MICRO_BATCHES = 4


def info_nce(queries, keys, temperature=0.1):
    logits = F.normalize(queries, dim=1) @ F.normalize(keys, dim=1).t() / temperature
    return F.cross_entropy(logits, torch.arange(queries.size(0), device=queries.device))


def main():
    torch.manual_seed(0)
    encoder = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 8)).to(DEVICE)
    optimizer = torch.optim.SGD(encoder.parameters(), lr=0.1)
    curve = []
    for _ in range(6):
        query_embeddings, key_embeddings = [], []
        for _ in range(MICRO_BATCHES):
            anchors = torch.randn(3, 10).to(DEVICE)
            positives = anchors + 0.1 * torch.randn(3, 10).to(DEVICE)
            query_embeddings.append(encoder(anchors))
            key_embeddings.append(encoder(positives))
        loss = info_nce(torch.cat(query_embeddings), torch.cat(key_embeddings))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("weights", encoder)


if __name__ == "__main__":
    main()
