MODULE = 'penn'

# Configuration name
CONFIG = 'crepe++'

# The decoder to use for postprocessing
DECODER = 'argmax'

# The name of the model to use for training
MODEL = 'crepe'
