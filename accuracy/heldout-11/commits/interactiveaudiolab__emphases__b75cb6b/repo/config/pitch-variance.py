MODULE = 'emphases'

# Configuration name
CONFIG = 'pitch-variance'

# Method to use for inference
METHOD = 'pitch-variance'
