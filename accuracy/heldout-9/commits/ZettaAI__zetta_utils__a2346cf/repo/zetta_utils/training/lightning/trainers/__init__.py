from .default import ZettaDefaultTrainer
