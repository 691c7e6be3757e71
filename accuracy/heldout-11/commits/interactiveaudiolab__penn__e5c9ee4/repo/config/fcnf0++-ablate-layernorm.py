MODULE = 'penn'

# Configuration name
CONFIG = 'fcnf0++-ablate-layernorm'

# The decoder to use for postprocessing
DECODER = 'argmax'

# Type of model normalization
NORMALIZATION = 'batch'
