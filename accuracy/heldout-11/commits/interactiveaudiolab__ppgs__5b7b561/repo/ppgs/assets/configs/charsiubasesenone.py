CONFIG = 'charsiubasebottleneck'
MODULE = 'ppgs'

NUM_WORKERS=6

BATCH_SIZE = 512