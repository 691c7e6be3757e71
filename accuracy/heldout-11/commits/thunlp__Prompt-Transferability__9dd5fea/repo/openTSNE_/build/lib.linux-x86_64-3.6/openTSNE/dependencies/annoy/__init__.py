from .annoylib import Annoy as AnnoyIndex
