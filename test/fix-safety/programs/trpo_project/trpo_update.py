"""A trust-region step: the KL between the policy and a detached copy of itself, and its Fisher-vector product."""
import torch


class TrustRegion:
    def kl_divergence(self, obs, actions, new_actor, old_actor):
        _, _, mu, std = new_actor.evaluate_actions(obs, actions)
        _, _, mu_old, std_old = old_actor.evaluate_actions(obs, actions)
        mu_old, std_old = mu_old.detach(), std_old.detach()
        kl = torch.log(std) - torch.log(std_old) + (std_old.pow(2) + (mu_old - mu).pow(2)) / (2.0 * std.pow(2)) - 0.5
        return kl.sum(1, keepdim=True)

    def fisher_vector_product(self, actor, obs, actions, vector):
        kl = self.kl_divergence(obs, actions, new_actor=actor, old_actor=actor).mean()
        grads = torch.autograd.grad(kl, list(actor.parameters()), create_graph=True)
        flat = torch.cat([g.reshape(-1) for g in grads])
        hessian_vector = torch.autograd.grad((flat * vector).sum(), list(actor.parameters()))
        return torch.cat([h.reshape(-1) for h in hessian_vector]) + 0.1 * vector

    def step(self, actor, obs, actions, advantages):
        log_prob, _, _, _ = actor.evaluate_actions(obs, actions)
        loss = -(log_prob * advantages).mean()
        grads = torch.autograd.grad(loss, list(actor.parameters()))
        direction = torch.cat([g.reshape(-1) for g in grads])
        shs = (direction * self.fisher_vector_product(actor, obs, actions, direction)).sum()
        step = direction * (0.01 / (shs.abs() + 1e-8)).sqrt()
        with torch.no_grad():
            offset = 0
            for p in actor.parameters():
                p.sub_(step[offset : offset + p.numel()].view_as(p))
                offset += p.numel()
        return loss.item()
