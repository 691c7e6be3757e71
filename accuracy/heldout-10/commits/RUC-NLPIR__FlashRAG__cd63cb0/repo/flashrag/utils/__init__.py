from flashrag.utils.utils import *
from flashrag.utils.pred_parse import *