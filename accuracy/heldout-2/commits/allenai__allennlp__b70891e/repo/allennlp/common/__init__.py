from allennlp.common.from_params import FromParams
from allennlp.common.params import Params
from allennlp.common.registrable import Registrable
from allennlp.common.tee_logger import TeeLogger
from allennlp.common.tqdm import Tqdm
from allennlp.common.util import JsonDict
