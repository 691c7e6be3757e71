from .auto import AutoDistributedTargetModel, AutoDraftModelConfig, AutoEagle3DraftModel
from .draft.llama3_eagle import LlamaForCausalLMEagle3

__all__ = [
    "AutoDraftModelConfig",
    "AutoEagle3DraftModel",
    "AutoDistributedTargetModel",
    "LlamaForCausalLMEagle3",
]
