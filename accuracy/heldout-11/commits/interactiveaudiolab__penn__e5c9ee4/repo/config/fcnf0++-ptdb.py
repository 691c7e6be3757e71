MODULE = 'penn'

# Configuration name
CONFIG = 'fcnf0++-ptdb'

# The decoder to use for postprocessing
DECODER = 'argmax'
