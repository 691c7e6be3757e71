from .audio import AudioTransforms
from .vision import TransformsSimCLR