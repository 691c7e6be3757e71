from .info import get_label_map
from .preprocess import get_clean_text, run_doc_prepro, run_sent_prepro
from .dataloader import load_data
