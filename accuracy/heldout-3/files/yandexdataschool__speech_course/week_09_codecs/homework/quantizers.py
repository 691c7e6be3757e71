import torch
import torch.nn as nn
import torch.nn.functional as F


def uniform_init(*shape: int) -> torch.Tensor:
    tensor = torch.empty(*shape)
    nn.init.kaiming_uniform_(tensor)
    return tensor


class Perplexity(nn.Module):
    EPS = 1e-8

    def __init__(self, codebook_size: int):
        super().__init__()
        self.codebook_size = codebook_size

    def forward(self, indices: torch.Tensor) -> torch.Tensor:
        counts = torch.bincount(indices.flatten(), minlength=self.codebook_size).float()
        probs = counts / counts.sum()
        return torch.exp(-torch.sum(probs * torch.log(probs + self.EPS)))


class VectorQuantizationLoss(nn.Module):
    """
    VQ training loss: codebook loss + commitment loss.

    The codebook loss pulls entries toward encoder outputs (gradient to codebook).
    The commitment loss pulls encoder outputs toward entries (gradient to encoder).
    """

    def __init__(self, commitment_cost: float = 1.0):
        super().__init__()
        self.commitment_cost = commitment_cost

    def forward(self, z: torch.Tensor, z_q: torch.Tensor) -> torch.Tensor:
        codebook_loss = F.mse_loss(z_q, z.detach())
        commitment_loss = F.mse_loss(z_q.detach(), z)
        return codebook_loss + self.commitment_cost * commitment_loss


class CommitmentLoss(nn.Module):
    def __init__(self, commitment_cost: float = 1.0):
        super().__init__()
        self.commitment_cost = commitment_cost

    def forward(self, z: torch.Tensor, z_q: torch.Tensor) -> torch.Tensor:
        return self.commitment_cost * F.mse_loss(z_q.detach(), z)


class VectorQuantizer(nn.Module):
    def __init__(self, codebook_size: int, embedding_dim: int):
        super().__init__()
        self.codebook_size = codebook_size
        self.embedding_dim = embedding_dim
        self.codebook = nn.Embedding(codebook_size, embedding_dim)
        self.codebook.weight.data.copy_(uniform_init(codebook_size, embedding_dim))

    def encode(self, z: torch.Tensor) -> torch.Tensor:
        assert z.dim() == 3
        B, D, T = z.shape
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass

    def decode(self, indices: torch.Tensor) -> torch.Tensor:
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        return self.decode(self.encode(z))


class VectorQuantizerEMA(VectorQuantizer):
    def __init__(
        self,
        codebook_size: int,
        embedding_dim: int,
        decay: float = 0.99,
        eps: float = 1e-5,
    ):
        super().__init__(codebook_size=codebook_size, embedding_dim=embedding_dim)
        self.decay = decay
        self.eps = eps

        self.register_buffer("ema_counts", torch.zeros(codebook_size))
        self.register_buffer("ema_embedding_sum", self.codebook.weight.data.clone())

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        B, D, T = z.shape
        flat_z = z.permute(0, 2, 1).reshape(B * T, D)

        with torch.no_grad():
            indices = self.encode(z).reshape(-1)

            # YOUR CODE HERE
            # <SOLUTION_START>
            # ...
            # <SOLUTION_END>

        return self.decode(indices.view(B, T))


class VectorQuantizerRestart(VectorQuantizer):
    def __init__(self, codebook_size: int, embedding_dim: int, threshold: int = 20):
        super().__init__(codebook_size=codebook_size, embedding_dim=embedding_dim)
        self.threshold = threshold

        self.register_buffer("unused_steps", torch.zeros(codebook_size, dtype=torch.long))

    def _maybe_restart(self, flat_z: torch.Tensor, indices: torch.Tensor):
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        flat_z = z.permute(0, 2, 1).reshape(-1, z.shape[1])
        with torch.no_grad():
            indices = self.encode(z).reshape(-1)
            if self.training:
                self._maybe_restart(flat_z, indices)
        return self.decode(indices.view(z.shape[0], z.shape[2]))

class FiniteScalarQuantizer(nn.Module):
    uses_straight_through_estimator = False

    def __init__(self, levels: list[int], embedding_dim: int):
        super().__init__()
        assert all(l % 2 == 1 for l in levels), "All levels must be odd integers"
        self.levels = levels
        self.fsq_dim = len(levels)
        self.embedding_dim = embedding_dim
        self.codebook_size = 1
        for l in levels:
            self.codebook_size *= l

        self.register_buffer("half_range", torch.tensor([l // 2 for l in levels], dtype=torch.float))
        self.register_buffer("levels_tensor", torch.tensor(levels, dtype=torch.long))
        basis = [1]
        for level in levels[:-1]:
            basis.append(basis[-1] * level)
        self.register_buffer("basis", torch.tensor(basis, dtype=torch.long))

        self.project_down = nn.Conv1d(embedding_dim, self.fsq_dim, kernel_size=1)
        self.project_up = nn.Conv1d(self.fsq_dim, embedding_dim, kernel_size=1)

    def _quantize(self, h: torch.Tensor) -> torch.Tensor:
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass

    def encode(self, z: torch.Tensor) -> torch.Tensor:
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass

    def decode(self, codes: torch.Tensor) -> torch.Tensor:
        return self.project_up(codes.float())

    def codes_to_indices(self, codes: torch.Tensor) -> torch.Tensor:
        if codes.dim() != 3:
            raise ValueError(f"Expected FSQ codes with shape [B, fsq_dim, T], got {tuple(codes.shape)}")

        shifted = codes.long() + self.half_range.long()[None, :, None]
        return (shifted * self.basis[None, :, None]).sum(dim=1)

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass


class ResidualVectorQuantizer(nn.Module):
    def __init__(
        self,
        codebook_size: int,
        embedding_dim: int,
        n_codebooks: int = 8,
        quantizer_cls: type = VectorQuantizer,
        quantizer_kwargs: dict | None = None,
    ):
        super().__init__()
        self.codebook_size = codebook_size
        self.embedding_dim = embedding_dim
        self.n_codebooks = n_codebooks

        kw = quantizer_kwargs or {}
        self.codebooks = nn.ModuleList([
            quantizer_cls(codebook_size=codebook_size, embedding_dim=embedding_dim, **kw)
            for _ in range(n_codebooks)
        ])

    def encode(self, z: torch.Tensor) -> torch.Tensor:
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass

    def quantize_with_loss(
        self,
        z: torch.Tensor,
        loss_fn: nn.Module | None = None,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass

    def decode(self, indices: torch.Tensor, n_layers: int | None = None) -> torch.Tensor:
        # YOUR CODE HERE
        # <SOLUTION_START>
        # ...
        # <SOLUTION_END>
        pass

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        return self.decode(self.encode(z))
