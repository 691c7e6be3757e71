# flake8: noqa
from .init_plugins import is_tensorrt_plugin_loaded, load_tensorrt_plugin
from .tensorrt_utils import (TRTWraper, load_trt_engine, onnx2trt,
                             save_trt_engine)

# load tensorrt plugin lib
load_tensorrt_plugin()

__all__ = [
    'onnx2trt', 'save_trt_engine', 'load_trt_engine', 'TRTWraper',
    'is_tensorrt_plugin_loaded'
]
