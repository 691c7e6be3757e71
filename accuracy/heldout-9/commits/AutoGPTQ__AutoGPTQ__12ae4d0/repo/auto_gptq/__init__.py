from .modeling import BaseQuantizeConfig
from .modeling_auto import AutoGPTQForCausalLM
