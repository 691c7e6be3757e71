from .ircad.ircad import IRCAD2D
from .ircad.ircad import IRCAD3D

from .aapm_thoracic.aapm import AAPM
