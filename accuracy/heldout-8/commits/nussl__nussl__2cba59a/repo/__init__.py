from .nussl import *
