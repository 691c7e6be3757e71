from .model import MVMoE_POMO
from .model import MVMoE_AM
