"""A Gaussian policy whose evaluate_actions() returns log-probabilities, entropy, mean and std."""
import torch
import torch.nn as nn


class GaussianActor(nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 16), nn.Tanh(), nn.Linear(16, act_dim))
        self.log_std = nn.Parameter(torch.full((act_dim,), -0.5))

    def forward(self, obs):
        return self.body(obs)

    def evaluate_actions(self, obs, actions):
        mu = self.body(obs)
        std = self.log_std.exp().expand_as(mu)
        dist = torch.distributions.Normal(mu, std)
        return dist.log_prob(actions).sum(1), dist.entropy().sum(1), mu, std
