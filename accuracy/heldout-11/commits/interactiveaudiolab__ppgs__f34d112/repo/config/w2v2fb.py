MODULE = 'ppgs'

# Configuration name
CONFIG = 'w2v2fb'

# Dimensionality of input representation
INPUT_CHANNELS = 768

# Input representation
REPRESENTATION = 'w2v2fb'
