MODULE = 'emphases'

# Configuration name
CONFIG = 'max-inference'

# Location to perform resampling from frame resolution to word resolution.
# One of ['inference', 'intermediate', 'loss'].
DOWNSAMPLE_LOCATION = 'inference'
