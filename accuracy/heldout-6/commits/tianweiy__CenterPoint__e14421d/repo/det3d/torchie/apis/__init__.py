from .env import get_root_logger, init_dist, set_random_seed
from .train import batch_processor, batch_processor_ensemble, build_optimizer, train_detector

# from .inference import init_detector, inference_detector, show_result

__all__ = [
    "init_dist",
    "get_root_logger",
    "set_random_seed",
    "train_detector",
    "build_optimizer",
    "batch_processor",
    # 'init_detector', 'inference_detector', 'show_result'
]
