"""RoboSat sub-package for command line tools.

   The package's tools and their sub-command help pages can be seen via:

       python3 -m robosat.tools --help
"""
