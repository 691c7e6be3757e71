MODULE = 'penn'

# Configuration name
CONFIG = 'fcnf0++-ablate-decoder'

# The decoder to use for postprocessing
DECODER = 'argmax'
