CONFIG = 'transformermel'
MODULE = 'ppgs'

NUM_WORKERS=6

BATCH_SIZE = 512

MODEL = 'transformer' #use transformer model
INPUT_CHANNELS = 80 #dimensionality of mels
REPRESENTATION = 'mel'

