MODULE = 'penn'

# Configuration name
CONFIG = 'fcnf0++-ablate-loss'

# The decoder to use for postprocessing
DECODER = 'argmax'

# Loss function
LOSS = 'binary_cross_entropy'
