from fewshot_re_kit import data_loader 
from fewshot_re_kit import framework 
from fewshot_re_kit import sentence_encoder

