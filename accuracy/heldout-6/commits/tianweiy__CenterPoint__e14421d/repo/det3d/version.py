# GENERATED VERSION FILE
# TIME: Tue Feb 18 13:03:07 2020
__version__ = '1.0.rc0+6c2b891'
short_version = '1.0.rc0'
