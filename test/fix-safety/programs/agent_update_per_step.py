"""A prioritized-replay DQN step: the agent object holds the networks, the optimizer and the update.

The training function runs the policy and target networks only to weigh the transition (the error is
detached into the replay memory), then calls `agent.update()`, whose method runs backward() and the
optimizer step. Nothing in `train` itself trains, so only the agent's class says it does.
"""
import os
import random

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class Agent:
    def __init__(self, n_states, n_actions):
        self.policy_net = nn.Sequential(nn.Linear(n_states, 16), nn.ReLU(), nn.Linear(16, n_actions)).to(DEVICE)
        self.target_net = nn.Sequential(nn.Linear(n_states, 16), nn.ReLU(), nn.Linear(16, n_actions)).to(DEVICE)
        self.target_net.load_state_dict(self.policy_net.state_dict())
        self.optimizer = torch.optim.Adam(self.policy_net.parameters(), lr=1e-2)
        self.memory = []

    def sample_action(self, state):
        with torch.no_grad():
            return int(self.policy_net(state).argmax())

    def update(self, batch_size=4):
        if len(self.memory) < batch_size:
            return None
        batch = random.sample(self.memory, batch_size)
        states = torch.stack([s for _, s, _, _ in batch])
        actions = torch.tensor([a for _, _, a, _ in batch], device=DEVICE)
        targets = torch.stack([t for _, _, _, t in batch])
        q = self.policy_net(states).gather(1, actions.unsqueeze(1)).squeeze(1)
        loss = (q - targets).pow(2).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()


def make_agent():
    return Agent(4, 2)


def train(agent, steps):
    losses = []
    state = torch.randn(4, device=DEVICE)
    for _ in range(steps):
        action = agent.sample_action(state)
        next_state = torch.randn(4, device=DEVICE)
        reward = float(next_state.sum() > 0)
        policy_val = agent.policy_net(state)[action]
        target_val = agent.target_net(next_state)
        error = abs(policy_val - reward - 0.9 * torch.max(target_val))
        target = (reward + 0.9 * target_val.max()).detach()
        agent.memory.append((error.detach().item(), state, action, target))
        loss = agent.update()
        if loss is not None:
            losses.append(loss)
        probe.measure()
        state = next_state
    return losses


def main():
    torch.manual_seed(0)
    random.seed(0)
    agent = make_agent()
    losses = train(agent, 24)
    probe.record("losses", losses)
    probe.record("weights", [p.detach().cpu().numpy() for p in agent.policy_net.parameters()])


if __name__ == "__main__":
    main()
