from . import build_ppg_model
