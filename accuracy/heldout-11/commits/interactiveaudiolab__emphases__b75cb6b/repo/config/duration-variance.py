MODULE = 'emphases'

# Configuration name
CONFIG = 'duration-variance'

# Method to use for inference
METHOD = 'duration-variance'
