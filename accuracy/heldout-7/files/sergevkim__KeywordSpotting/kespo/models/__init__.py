from .attention_spotter import AttentionSpotter

