from . import embedding
from . import encoder
