from .fasttext import fastText
