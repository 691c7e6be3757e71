# The experiment module
# Handles experimentation logic: control, analysis
