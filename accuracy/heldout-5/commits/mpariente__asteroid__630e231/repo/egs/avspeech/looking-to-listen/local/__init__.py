from .postprocess import filter_audio, shelf

