CONFIG = 'mel'
MODULE = 'ppgs'

NUM_WORKERS=6

MODEL = 'transformer' #use transformer model
INPUT_CHANNELS = 80 #dimensionality of mels
REPRESENTATION = 'mel'

NUM_HIDDEN_LAYERS = 5
MAX_FRAMES = 100000
HIDDEN_CHANNELS = 512