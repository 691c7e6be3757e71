from . import prominence
from . import duration_variance
from . import pitch_variance
