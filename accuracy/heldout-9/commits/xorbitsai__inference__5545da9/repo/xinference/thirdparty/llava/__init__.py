from .model import LlavaLlamaForCausalLM
