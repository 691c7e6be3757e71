"""
Load subfolders as attributes. For instance, ddpm.model ddpm.utils
"""
from . import model
from . import utils 
from . import diffusion

