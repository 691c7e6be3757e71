MODULE = 'ppgs'

# Configuration name
CONFIG = 'mel'

# Dimensionality of input representation
INPUT_CHANNELS = 80

# Input representation
REPRESENTATION = 'mel'
