"""REINFORCE on a toy task: the log-probabilities of an episode's actions are kept in a list.

At the end of each episode the policy loss is built from the stacked log-probabilities and the
discounted returns, and backpropagated: the list must keep its graphs until then.
"""
import os

import torch
import torch.nn as nn
from torch.distributions import Categorical

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
GAMMA = 0.9


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
        self.saved_log_probs = []
        self.rewards = []

    def forward(self, state):
        return self.net(state).softmax(dim=-1)


def select_action(policy, state):
    probs = policy(state)
    m = Categorical(probs)
    action = m.sample()
    policy.saved_log_probs.append(m.log_prob(action))
    return action.item()


def finish_episode(policy, optimizer):
    returns, running = [], 0.0
    for r in reversed(policy.rewards):
        running = r + GAMMA * running
        returns.insert(0, running)
    returns = torch.tensor(returns, device=DEVICE)
    returns = (returns - returns.mean()) / (returns.std() + 1e-6)
    policy_loss = [-log_prob * ret for log_prob, ret in zip(policy.saved_log_probs, returns)]
    optimizer.zero_grad()
    loss = torch.cat([l.reshape(1) for l in policy_loss]).sum()
    loss.backward()
    optimizer.step()
    del policy.rewards[:]
    del policy.saved_log_probs[:]
    return loss.item()


def main():
    torch.manual_seed(0)
    policy = Policy().to(DEVICE)
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
    episode_losses, actions = [], []
    for episode in range(6):
        state = torch.randn(4)
        for t in range(8):
            action = select_action(policy, state.to(DEVICE))
            actions.append(action)
            state = state.roll(1) + (0.5 if action else -0.5)
            policy.rewards.append(float(state[0] > 0))
        episode_losses.append(finish_episode(policy, optimizer))
        probe.measure()
    probe.record("episode_losses", episode_losses)
    probe.record("actions", actions)
    probe.record("policy", policy)


if __name__ == "__main__":
    main()
