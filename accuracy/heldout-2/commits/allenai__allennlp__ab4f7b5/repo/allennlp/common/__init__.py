from allennlp.common.from_params import FromParams
from allennlp.common.lazy import Lazy
from allennlp.common.params import Params
from allennlp.common.registrable import Registrable
from allennlp.common.tqdm import Tqdm
from allennlp.common.util import JsonDict
from allennlp.common.meta import Meta
from allennlp.common.push_to_hf import push_to_hf
