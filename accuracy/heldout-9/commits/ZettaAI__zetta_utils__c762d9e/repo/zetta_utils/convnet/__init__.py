from . import architecture, utils, simple_inference_runner
