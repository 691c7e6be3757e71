"""Global constants that are used across modules.
"""

class FEATURES:
    ICECUBE86 = [
        'dom_x', 
        'dom_y', 
        'dom_z', 
        'dom_time', 
        'charge', 
        'rde', 
        'pmt_area',
    ]

class TRUTH:
    ICECUBE86 = [
        'energy', 
        'position_x', 
        'position_y', 
        'position_z', 
        'azimuth', 
        'zenith', 
        'pid', 
        'elasticity', 
        'sim_type', 
        'interaction_type',
    ]
