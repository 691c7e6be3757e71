from .postprocess_audio import filter_audio, shelf
