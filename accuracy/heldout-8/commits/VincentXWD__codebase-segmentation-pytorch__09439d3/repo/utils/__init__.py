from .func_timer import func_timer
from .calc_img_mean_and_std import calc_img_mean_and_std
from .file_ops import get_file_path, copy_file, check_dir_exists, get_paths_with_prefix, read_csv, write_csv
from .safe_loader import safe_loader
from .checkpoint import read_newest_model_path

from . import transforms

__all__ = [
  'func_timer', 'calc_img_mean_and_std', 'get_file_path', 'copy_file',
  'check_dir_exists', 'get_paths_with_prefix', 'read_csv', 'write_csv',
  'safe_loader', 'read_newest_model_path'
]
