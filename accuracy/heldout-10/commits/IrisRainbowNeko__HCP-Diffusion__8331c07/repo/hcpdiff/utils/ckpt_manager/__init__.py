from .ckpt_pkl import CkptManagerPKL
from .ckpt_safetensor import CkptManagerSafe