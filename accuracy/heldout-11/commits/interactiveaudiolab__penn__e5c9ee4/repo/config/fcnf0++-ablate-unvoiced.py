MODULE = 'penn'

# Configuration name
CONFIG = 'fcnf0++-ablate-unvoiced'

# The decoder to use for postprocessing
DECODER = 'argmax'

# Whether to only use voiced start frames
VOICED_ONLY = True

