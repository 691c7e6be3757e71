from flashrag.utils.utils import *
from flashrag.utils.pred_parse import *
from flashrag.utils.prompt_list import *