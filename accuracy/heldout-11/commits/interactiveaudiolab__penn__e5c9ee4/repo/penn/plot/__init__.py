from . import density
from . import logits
from . import threshold
