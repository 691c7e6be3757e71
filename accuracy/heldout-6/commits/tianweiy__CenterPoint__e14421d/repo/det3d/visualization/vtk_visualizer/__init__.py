__author__ = "Oystein Skotheim"
__copyright__ = "Oystein Skotheim 2014"
__credits__ = ["Oystein Skotheim"]
__license__ = "BSD"
__maintainer__ = "Oystein Skotheim"
__email__ = "oystein.skotheim@sintef.no"

from .plot3d import *
from .visualizercontrol import VTKVisualizerControl
