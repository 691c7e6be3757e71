from flashrag.generator.generator import *
from flashrag.generator.openai_generator import *