from .io import ModelConfig, hash_model_file, load_state_dict
from .state_dict_converters import (
    wan_video_dit_from_diffusers,
    wan_video_dit_state_dict_converter,
    wan_video_vae_state_dict_converter,
)

__all__ = [
    "ModelConfig",
    "hash_model_file",
    "load_state_dict",
    "wan_video_dit_from_diffusers",
    "wan_video_dit_state_dict_converter",
    "wan_video_vae_state_dict_converter",
]
