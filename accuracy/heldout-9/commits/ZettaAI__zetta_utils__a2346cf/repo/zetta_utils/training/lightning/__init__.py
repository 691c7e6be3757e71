from . import train, trainers
