from .yaml_config_hook import yaml_config_hook 
from .audio import tensor_to_audio, write_audio_tb, process_wav
from .eval import tagwise_auc_ap, eval_all
from .web import tsne_to_json
from .subsample import random_undersample_balanced
from .argparser import parse_args, args_hparams
from .misc import get_log_dir, write_args
from .log import LogFile
from .youtube import download_yt