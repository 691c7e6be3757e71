from . import scarches
