CONFIG = 'basemel'
MODULE = 'ppgs'

NUM_WORKERS=6
BATCH_SIZE = 512

INPUT_CHANNELS = 80 #dimensionality of mels
REPRESENTATION = 'mel'