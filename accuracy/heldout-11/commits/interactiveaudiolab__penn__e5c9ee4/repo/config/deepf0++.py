MODULE = 'penn'

# Configuration name
CONFIG = 'deepf0++'

# The decoder to use for postprocessing
DECODER = 'argmax'

# The name of the model to use for training
MODEL = 'deepf0'
