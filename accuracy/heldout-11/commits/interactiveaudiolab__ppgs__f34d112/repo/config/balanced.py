MODULE = 'ppgs'

# Configuration name
CONFIG = 'balanced'

# Dimensionality of input representation
INPUT_CHANNELS = 768

# Input representation
REPRESENTATION = 'w2v2fb'

# Whether to use class-balanced loss weights
CLASS_BALANCED = True
