from torch_ac.utils.dictlist import DictList
from torch_ac.utils.multienv import MultiEnv