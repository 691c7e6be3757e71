"""RoboSat - semantic segmentation on aerial and satellite imagery.

Exracts features such as: buildings, parking lots, roads, water.

For available command line tools see the `robosat.tools` sub-package.
"""
