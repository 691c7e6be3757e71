"""Momentum-contrast training with a queue of keys from a momentum encoder.

Keys are computed under no_grad and enqueued; the queries' loss against the keys and the queue is
backpropagated into the query encoder only.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class MoCo(nn.Module):
    def __init__(self, dim=8, queue_size=12, momentum=0.9):
        super().__init__()
        self.encoder_q = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, dim))
        self.encoder_k = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, dim))
        self.encoder_k.load_state_dict(self.encoder_q.state_dict())
        for p in self.encoder_k.parameters():
            p.requires_grad = False
        self.momentum = momentum
        self.register_buffer("queue", F.normalize(torch.randn(queue_size, dim), dim=1))
        self.pointer = 0

    @torch.no_grad()
    def momentum_update(self):
        for q, k in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            k.data = k.data * self.momentum + q.data * (1 - self.momentum)

    @torch.no_grad()
    def enqueue(self, keys):
        n = keys.size(0)
        self.queue[self.pointer : self.pointer + n] = keys
        self.pointer = (self.pointer + n) % self.queue.size(0)

    def forward(self, x_q, x_k):
        q = F.normalize(self.encoder_q(x_q), dim=1)
        with torch.no_grad():
            self.momentum_update()
            k = F.normalize(self.encoder_k(x_k), dim=1)
        positive = (q * k).sum(dim=1, keepdim=True)
        negative = q @ self.queue.clone().detach().t()
        logits = torch.cat([positive, negative], dim=1) / 0.2
        self.enqueue(k)
        return F.cross_entropy(logits, torch.zeros(q.size(0), dtype=torch.long, device=q.device))


def main():
    torch.manual_seed(0)
    model = MoCo().to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    curve = []
    for _ in range(8):
        x = torch.randn(4, 10)
        loss = model(x.to(DEVICE), (x + 0.05 * torch.randn(4, 10)).to(DEVICE))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("model", model)


if __name__ == "__main__":
    main()
