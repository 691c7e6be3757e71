from .plugin import PluginBlock, PluginGroup, SinglePluginBlock, MultiPluginBlock
from .lora_base import LoraBlock
from .text_emb_ex import EmbeddingPTHook
from .textencoder_ex import TEEXHook
from .tokenizer_ex import TokenizerHook
from .cfg_context import CFGContext, DreamArtistPTContext