"""REINFORCE on CartPole (gymnasium), with a greedy evaluation every few episodes.

    python rl_reinforce.py --episodes 1000 --gamma 0.99

This file is meant to be clean: the log-probabilities collected during an episode are kept on
purpose, with their graphs, because the policy-gradient loss is backpropagated through all of
them once the episode ends.
"""

import argparse
from collections import deque

import gymnasium as gym
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Categorical


class Policy(nn.Module):
    def __init__(self, observation_size, action_count, hidden=128):
        super().__init__()
        self.fc1 = nn.Linear(observation_size, hidden)
        self.dropout = nn.Dropout(0.1)
        self.fc2 = nn.Linear(hidden, action_count)

    def forward(self, observation):
        x = self.dropout(F.relu(self.fc1(observation)))
        return F.softmax(self.fc2(x), dim=-1)


def parse_args():
    parser = argparse.ArgumentParser(description="REINFORCE on CartPole")
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--lr", type=float, default=1e-2)
    parser.add_argument("--eval-every", type=int, default=50)
    parser.add_argument("--seed", type=int, default=543)
    return parser.parse_args()


def discounted_returns(rewards, gamma):
    returns = deque()
    running = 0.0
    for reward in reversed(rewards):
        running = reward + gamma * running
        returns.appendleft(running)
    returns = torch.tensor(list(returns))
    return (returns - returns.mean()) / (returns.std() + np.finfo(np.float32).eps.item())


def run_episode(env, policy, seed=None):
    """Plays one episode, keeping each action's log-probability for the update."""
    observation, _ = env.reset(seed=seed)
    saved_log_probs = []
    rewards = []
    done = False
    while not done:
        probs = policy(torch.from_numpy(observation).float().unsqueeze(0))
        distribution = Categorical(probs)
        action = distribution.sample()
        saved_log_probs.append(distribution.log_prob(action))
        observation, reward, terminated, truncated, _ = env.step(action.item())
        rewards.append(reward)
        done = terminated or truncated
    return saved_log_probs, rewards


def update_policy(optimizer, saved_log_probs, rewards, gamma):
    returns = discounted_returns(rewards, gamma)
    policy_loss = -(torch.cat(saved_log_probs) * returns).sum()
    optimizer.zero_grad()
    policy_loss.backward()
    optimizer.step()
    return policy_loss.item()


@torch.no_grad()
def evaluate_policy(env, policy, episodes=5):
    policy.eval()
    lengths = []
    for _ in range(episodes):
        observation, _ = env.reset()
        done = False
        steps = 0
        while not done:
            probs = policy(torch.from_numpy(observation).float().unsqueeze(0))
            observation, _, terminated, truncated, _ = env.step(probs.argmax(dim=-1).item())
            done = terminated or truncated
            steps += 1
        lengths.append(steps)
    policy.train()
    return sum(lengths) / len(lengths)


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    env = gym.make("CartPole-v1")
    eval_env = gym.make("CartPole-v1")
    policy = Policy(env.observation_space.shape[0], env.action_space.n)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr)

    running_reward = 10.0
    for episode in range(1, args.episodes + 1):
        saved_log_probs, rewards = run_episode(env, policy, seed=args.seed + episode)
        loss = update_policy(optimizer, saved_log_probs, rewards, args.gamma)
        running_reward = 0.05 * sum(rewards) + 0.95 * running_reward

        if episode % args.eval_every == 0:
            greedy_length = evaluate_policy(eval_env, policy)
            print(f"episode {episode} running reward {running_reward:.1f} "
                  f"greedy length {greedy_length:.1f} loss {loss:.3f}")
        if running_reward > env.spec.reward_threshold:
            print(f"solved after {episode} episodes (running reward {running_reward:.1f})")
            torch.save(policy.state_dict(), "reinforce_cartpole.pt")
            break


if __name__ == "__main__":
    main()
