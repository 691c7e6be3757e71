from .gaussian_multinomial_diffsuion import * # noqa
from .modules import * # noqa