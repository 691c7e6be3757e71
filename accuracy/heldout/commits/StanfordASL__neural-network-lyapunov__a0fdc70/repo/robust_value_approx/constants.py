# gravity
G = -9.81
