CONFIG = 'basemodel'
MODULE = 'ppgs'

NUM_WORKERS=8