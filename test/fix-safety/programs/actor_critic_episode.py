"""Advantage actor-critic: values, log-probabilities and entropies of an episode in lists.

The lists are stacked into the actor and critic losses at the end of the episode.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class ActorCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(3, 16)
        self.actor = nn.Linear(16, 3)
        self.critic = nn.Linear(16, 1)

    def forward(self, x):
        h = torch.relu(self.body(x))
        return F.log_softmax(self.actor(h), dim=-1), self.critic(h)


def main():
    torch.manual_seed(0)
    model = ActorCritic().to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    totals = []
    for episode in range(5):
        log_probs, values, entropies, rewards = [], [], [], []
        state = torch.randn(3)
        for _ in range(6):
            log_prob, value = model(state.to(DEVICE))
            action = torch.multinomial(log_prob.exp(), 1).item()
            log_probs.append(log_prob[action])
            values.append(value.squeeze())
            entropies.append(-(log_prob.exp() * log_prob).sum())
            rewards.append(1.0 if action == episode % 3 else 0.0)
            state = torch.roll(state, 1) * 0.9
        returns = torch.tensor([sum(rewards[i:]) for i in range(len(rewards))], device=DEVICE)
        values = torch.stack(values)
        advantage = returns - values
        actor_loss = -(torch.stack(log_probs) * advantage.detach()).mean()
        critic_loss = advantage.pow(2).mean()
        loss = actor_loss + 0.5 * critic_loss - 0.01 * torch.stack(entropies).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        totals.append(loss.item())
        probe.measure()
    probe.record("losses", totals)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
