from .beta_distribution import get_beta_probabilities
from .binomial_distribution import get_binomial_probabilities
from .exponential_distribution import get_exponential_probabilities
from .general_triangular_distribution import get_general_triangular_probabilities
from .poisson_distribution import get_poisson_probabilities
from .triangular_distribution import get_triangular_probabilities

__all__ = [
    "get_beta_probabilities",
    "get_exponential_probabilities",
    "get_binomial_probabilities",
    "get_poisson_probabilities",
    "get_triangular_probabilities",
    "get_general_triangular_probabilities",
]
