from .auto_init import instantiate_from_cls_name, instantiate, dataset_from_config
from .savenload import save_file, load_file
from .config import Config
from .output import Output
