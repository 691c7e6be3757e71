from .fs import ensure_dir
from .video_io import save_mp4

__all__ = ["ensure_dir", "save_mp4"]
