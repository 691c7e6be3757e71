from metatrain.experimental.flashmd.model import FlashMD
from metatrain.experimental.flashmd.trainer import Trainer


__model__ = FlashMD
__trainer__ = Trainer

__authors__ = [
    ("Johannes Spies <johannes.spies@epfl.ch>", "@johannes-spies"),
    ("Filippo Bigi <filippo.bigi@epfl.ch>", "@frostedoyster"),
]

__maintainers__ = [
    ("Johannes Spies <johannes.spies@epfl.ch>", "@johannes-spies"),
    ("Filippo Bigi <filippo.bigi@epfl.ch>", "@frostedoyster"),
]
