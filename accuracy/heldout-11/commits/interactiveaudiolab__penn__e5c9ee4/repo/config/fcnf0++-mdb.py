MODULE = 'penn'

# Configuration name
CONFIG = 'fcnf0++-mdb'

# The decoder to use for postprocessing
DECODER = 'argmax'
