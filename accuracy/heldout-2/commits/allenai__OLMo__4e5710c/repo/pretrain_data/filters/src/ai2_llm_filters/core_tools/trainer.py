"""

Code to train a Filter.

@kylel

"""
