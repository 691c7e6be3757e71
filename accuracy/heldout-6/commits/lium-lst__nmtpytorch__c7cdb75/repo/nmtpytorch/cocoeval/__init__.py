__author__ = 'tylin'
from .bleu.bleu import Bleu
from .cider.cider import Cider
from .rouge.rouge import Rouge
from .meteor.meteor import Meteor
