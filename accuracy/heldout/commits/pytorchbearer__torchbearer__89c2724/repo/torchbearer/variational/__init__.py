"""
Distributions
------------------------------------

..  automodule:: torchbearer.variational.distributions
        :members:
        :undoc-members:

Divergences
------------------------------------

..  automodule:: torchbearer.variational.divergence
        :members:
        :undoc-members:

Auto-Encoding
------------------------------------

..  automodule:: torchbearer.variational.auto_encoder
        :members:
        :undoc-members:

Datasets
------------------------------------

..  automodule:: torchbearer.variational.datasets
        :members:
        :undoc-members:

Visualisation
------------------------------------

..  automodule:: torchbearer.variational.visualisation
        :members:
        :undoc-members:
"""

from .auto_encoder import *
from .distributions import *
from .divergence import *
from .datasets import *
from .visualisation import *
