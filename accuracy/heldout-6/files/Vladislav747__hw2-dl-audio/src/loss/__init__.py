from src.loss.ctc_loss import CTCLossWrapper
