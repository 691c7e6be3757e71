CONFIG = 'transformerbottleneck'
MODULE = 'ppgs'

NUM_WORKERS=6
BATCH_SIZE = 512

MODEL = 'transformer'
