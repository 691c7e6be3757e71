MODULE = 'ppgs'

# Configuration name
CONFIG = 'bottleneck'

# Dimensionality of input representation
INPUT_CHANNELS = 768

# Input representation
REPRESENTATION = 'bottleneck'
