from .vqa_problem import VQAProblem
from .cog import *