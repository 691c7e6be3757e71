MODULE = 'penn'

# Configuration name
CONFIG = 'dio'

# Distance between adjacent frames
HOPSIZE = 160  # samples

# The pitch estimation method to use
METHOD = 'dio'

# Audio sample rate
SAMPLE_RATE = 16000  # hz
