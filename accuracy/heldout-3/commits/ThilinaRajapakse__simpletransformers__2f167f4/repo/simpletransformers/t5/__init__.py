from simpletransformers.config.model_args import T5Args
from simpletransformers.t5.t5_model import T5Model
