"""Importing some core classes"""

from robust_speech.adversarial.utils import Stage
from robust_speech.adversarial.brain import ASRBrain, AdvASRBrain
