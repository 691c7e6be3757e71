from .color_print import ColorEnum, \
                         print_color

from .file_utils import ensure_dir, \
                        remove_dir
