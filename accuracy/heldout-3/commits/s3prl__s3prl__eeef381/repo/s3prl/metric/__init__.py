from .common import accuracy, cer, compute_eer, compute_minDCF, per, wer
