from .llava_llama import LlavaConfig, LlavaLlamaForCausalLM
