CONFIG = 'unfold'
MODULE = 'ppgs'

NUM_WORKERS=6

MODEL = 'transformer' #use transformer model
INPUT_CHANNELS = 1024 #dimensionality of unfolded audio
REPRESENTATION = 'unfold'

NUM_HIDDEN_LAYERS = 5
MAX_FRAMES = 100000
HIDDEN_CHANNELS = 512