"""
For licensing see accompanying LICENSE file.
Writen by: ian
"""
