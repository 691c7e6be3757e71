# from trainer.trainer import Trainer, CMLTrainer, MMCLRTrainer, ICLRecTrainer
