MODULE = 'penn'

# Configuration name
CONFIG = 'fcnf0++-ablate-inputnorm'

# The decoder to use for postprocessing
DECODER = 'argmax'

# Whether to normalize input audio to mean zero and variance one
NORMALIZE_INPUT = True
