from .DataGenerator import DataGenerator
from .GridTools import GridTools
from .NormalizeData import MinMaxParam, NormalizeData, NormParam
