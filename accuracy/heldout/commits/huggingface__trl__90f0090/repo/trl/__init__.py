# flake8: noqa

__version__ = "0.4.1.dev0"

from .core import set_seed
from .import_utils import is_peft_available
from .models import (
    AutoModelForCausalLMWithValueHead,
    AutoModelForSeq2SeqLMWithValueHead,
    PreTrainedModelWrapper,
    create_reference_model,
)
from .trainer import PPOConfig, PPOTrainer
