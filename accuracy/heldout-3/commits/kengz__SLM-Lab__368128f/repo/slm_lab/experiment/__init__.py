'''
The experiment module
Handles experimentation logic: control, design, monitoring, analysis, evolution
'''
