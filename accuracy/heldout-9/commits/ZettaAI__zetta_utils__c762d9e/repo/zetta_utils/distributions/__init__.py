from .common import Distribution, to_distribution, uniform_distr
