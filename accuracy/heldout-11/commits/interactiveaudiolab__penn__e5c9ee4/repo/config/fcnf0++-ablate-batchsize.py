MODULE = 'penn'

# Configuration name
CONFIG = 'fcnf0++-ablate-batchsize'

# Batch size
BATCH_SIZE = 32

# The decoder to use for postprocessing
DECODER = 'argmax'
