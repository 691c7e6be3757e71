from .search import EAS, EASEmb, EASLay
