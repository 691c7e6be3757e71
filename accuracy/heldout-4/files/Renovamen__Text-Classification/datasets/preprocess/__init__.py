from .utils import get_clean_text
from .document import run_prepro as run_doc_prepro
from .sentence import run_prepro as run_sent_prepro
