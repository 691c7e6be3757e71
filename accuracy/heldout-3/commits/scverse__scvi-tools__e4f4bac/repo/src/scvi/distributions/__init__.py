from ._beta_binomial import BetaBinomial
from ._negative_binomial import (
    JaxNegativeBinomialMeanDisp,
    NegativeBinomial,
    NegativeBinomialMixture,
    Poisson,
    ZeroInflatedNegativeBinomial,
)
from ._normal import Normal

__all__ = [
    "NegativeBinomial",
    "NegativeBinomialMixture",
    "ZeroInflatedNegativeBinomial",
    "JaxNegativeBinomialMeanDisp",
    "Poisson",
    "BetaBinomial",
    "Normal",
]
